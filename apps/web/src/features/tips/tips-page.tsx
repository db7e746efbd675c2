import { SENSOR_TYPES, type SensorType, TIP_TAG_LABELS, type TipCard as TipCardData } from '@greenpod/contracts';
import { Alert, Button, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from '../../components/data-table/data-table';
import type { DataTableColumn } from '../../components/data-table/types';
import { TipCard } from './tip-card';
import { tipsQuery } from './tips-api';
import { useTipsState } from './use-tips-state';

// The tips variant lays out cards, not columns; the columns name what search and sort may use.
const COLUMNS: readonly DataTableColumn<TipCardData>[] = [
  { key: 'title', label: 'Title' },
  { key: 'locationTitle', label: 'Location' },
];
const SEARCH_FIELDS = [
  { value: 'title', label: 'Title' },
  { value: 'description', label: 'Description' },
  { value: 'locationTitle', label: 'Location' },
];
const SORT_FIELDS = [
  { value: 'title', label: 'Title' },
  { value: 'locationTitle', label: 'Location' },
  { value: 'created', label: 'Date added' },
];
const TAG_OPTIONS = [
  { value: '', label: 'All sensors' },
  ...SENSOR_TYPES.map((t) => ({ value: t, label: TIP_TAG_LABELS[t] })),
];
const isTag = (v: string): v is SensorType => SENSOR_TYPES.some((t) => t === v);

/**
 * /tips (docs/screens.md#tips): the viewer's tips in the data table's tips variant, those whose sensors are
 * exceeded or close in their location first, each saying why.
 */
export function TipsPage() {
  const { state, setState, tag, setTag } = useTipsState();
  const tips = useQuery(tipsQuery(state, tag));
  const filtered = state.searchWord !== '' || tag !== null;
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Tips
        </Title>
        <Text c="dimmed">Ways to save for your locations, those that matter right now first.</Text>
      </Stack>
      {tips.isError && (
        <Alert color="red" variant="light" title="The tips could not be loaded">
          <Button size="xs" variant="light" color="red" onClick={() => void tips.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      <DataTable<TipCardData>
        variant="tips"
        columns={COLUMNS}
        rows={tips.data?.data ?? []}
        total={tips.data?.paging.total ?? 0}
        totalIsLowerBound={tips.data?.paging.totalIsLowerBound}
        loading={tips.isPending}
        state={state}
        onStateChange={setState}
        searchFields={SEARCH_FIELDS}
        sortFields={SORT_FIELDS}
        getRowId={(tip) => String(tip.id)}
        renderItem={(tip) => <TipCard tip={tip} />}
        filter={
          <NativeSelect
            label="Sensor"
            value={tag ?? ''}
            data={TAG_OPTIONS}
            onChange={(e) => {
              const v = e.currentTarget.value;
              setTag(isTag(v) ? v : null);
            }}
          />
        }
        empty={
          tips.isError ? null : (
            <Stack align="center" gap={4} py="xl">
              <Text fw={600}>{filtered ? 'No tips match this search' : 'No tips yet'}</Text>
              <Text size="sm" c="dimmed">
                {filtered
                  ? 'Try another word or sensor, or clear the search.'
                  : 'Tips an administrator writes for your locations will show here.'}
              </Text>
            </Stack>
          )
        }
      />
    </Stack>
  );
}
