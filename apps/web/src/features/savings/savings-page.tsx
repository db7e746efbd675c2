import { SAVING_SENSOR_TYPES, SAVINGS_WINDOWS, type SavingSensorType, type SavingsSummary } from '@greenpod/contracts';
import { Alert, Button, Group, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PlaceFilters } from '../../components/place-filters/place-filters';
import { SavingsCharts } from '../../components/savings-charts/savings-charts';
import { downloadCsv } from '../../lib/csv';
import { SavingCard } from './saving-card';
import { savingsModelQuery, useSavingsSummary } from './savings-api';
import { SavingsCarousel } from './savings-carousel';
import { savingsCsvRows, sensorLabel, topSavings } from './savings-text';
import { useSavingsView } from './use-savings-view';

const WINDOW_LABELS = { day: 'Day', week: 'Week', month: 'Month', year: 'Year' } as const;
const grid = (children: ReactNode) => (
  <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
    {children}
  </SimpleGrid>
);

/**
 * /savings (docs/screens.md#savings): the savings of the last closed day, week, month or year for a place, as
 * cards (the best ones in a carousel first), then expected against actual and the running sum of savings.
 */
export function SavingsPage() {
  const [view, change] = useSavingsView();
  const summary = useSavingsSummary(view);
  const data = summary.data;
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Savings
        </Title>
        <Text c="dimmed">What each pod saved against what it was expected to use, over the last closed period.</Text>
      </Stack>
      {/* The place filters on a row of their own: squeezed between the two switches they wrapped into a stair. */}
      <PlaceFilters
        place={{ locationId: view.locationId, areaId: view.areaId, podId: view.podId }}
        onPlace={(p) => change({ locationId: p.locationId, areaId: p.areaId, podId: p.podId })}
      />
      <Group gap="sm" wrap="wrap" align="flex-end">
        <SegmentedControl
          aria-label="Time window"
          value={view.window}
          onChange={(w) => change({ window: w as typeof view.window })}
          data={SAVINGS_WINDOWS.map((w) => ({ value: w, label: WINDOW_LABELS[w] }))}
        />
        <SegmentedControl
          aria-label="Sensor type"
          value={view.sensorType}
          onChange={(s) => change({ sensorType: s as SavingSensorType })}
          data={SAVING_SENSOR_TYPES.map((s) => ({ value: s, label: sensorLabel(s) }))}
        />
        <Button
          variant="default"
          ml="auto"
          leftSection={<IconDownload size={16} />}
          disabled={!data || data.cards.length === 0}
          onClick={() =>
            data && downloadCsv(`savings-${data.window}-${data.from}-${data.to}.csv`, savingsCsvRows(data.cards))
          }
        >
          Download CSV
        </Button>
      </Group>
      {summary.isError && !data ? (
        <Alert color="red" variant="light" title="The savings could not be loaded">
          <Button size="xs" variant="light" color="red" onClick={() => void summary.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : data === undefined ? (
        <div role="status" aria-busy="true" aria-label="Loading savings">
          {grid([0, 1, 2].map((i) => <Skeleton key={i} height={300} radius="md" />))}
        </div>
      ) : (
        <Loaded data={data} podId={view.podId} />
      )}
    </Stack>
  );
}

function Loaded({ data, podId }: { data: SavingsSummary; podId?: number }) {
  return (
    <>
      {data.cards.length === 0 ? (
        <Stack align="center" gap={4} py="xl" data-testid="savings-empty">
          <Text fw={600}>No savings for this period yet.</Text>
          <Text size="sm" c="dimmed" ta="center">
            Savings are computed after each period closes, for pods with a tariff. Try a longer period or another place.
          </Text>
        </Stack>
      ) : (
        <>
          <SavingsCarousel cards={topSavings(data.cards)} />
          <Title order={2} size="h4">
            {data.cards.length === 1 ? '1 saving' : `${data.cards.length} savings`}
          </Title>
          {grid(data.cards.map((card) => <SavingCard key={`${card.podId}-${card.sensorType}`} card={card} />))}
        </>
      )}
      <SavingsCharts chart={data.chart} />
      {podId !== undefined && <ModelSummary podId={podId} sensorType={data.chart.sensorType} />}
    </>
  );
}

/** How the chosen pod's expected use is worked out, in the server's words. */
function ModelSummary({ podId, sensorType }: { podId: number; sensorType: SavingSensorType }) {
  const model = useQuery(savingsModelQuery(podId, sensorType));
  if (!model.data) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="model-summary">
      Baseline of {model.data.podTitle}: {model.data.summary}
    </Text>
  );
}
