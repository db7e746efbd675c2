import type { ReportAnswer } from '@greenpod/contracts';
import { Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { difference, FIGURES, type FigureKey, figureText, missingReason } from './report-text';

const TABULAR = { fontVariantNumeric: 'tabular-nums' } as const;

/** "N/A" in secondary text with its reason in words under it (never a made-up number, never red). */
function NotAvailable({ reason, size = 'sm' }: { reason: string; size?: 'sm' | 'xl' }) {
  return (
    <div>
      <Text size={size} c="dimmed" fw={size === 'xl' ? 700 : undefined}>
        N/A
      </Text>
      <Text size="xs" c="dimmed" data-testid="na-reason">
        {reason}
      </Text>
    </div>
  );
}

/** "Expected  3,100 kWh" and under the figure how this period differs from it ("-14.0 %"). */
function Comparison({
  r,
  item,
  column,
}: {
  r: ReportAnswer;
  item: (typeof FIGURES)[number];
  column: 'expected' | 'lastYear';
}) {
  const other = r[column][item.key];
  const diff = difference(r.totals[item.key], other);
  return (
    <div data-testid={`${item.key}-${column}`}>
      <Group gap={6} wrap="nowrap" justify="space-between" align="flex-start">
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {column === 'expected' ? 'Expected' : 'Last year'}
        </Text>
        <div style={{ textAlign: 'right', ...TABULAR }}>
          <Text size="sm">{other === null ? 'N/A' : figureText(other, item.unit, r.currency)}</Text>
          {diff && (
            <Text size="xs" c="dimmed" title="This period against it">
              {diff}
            </Text>
          )}
        </div>
      </Group>
      {other === null && (
        <Text size="xs" c="dimmed" data-testid="na-reason">
          {missingReason(r, item.key, column)}
        </Text>
      )}
    </div>
  );
}

/**
 * The four figures of the period (docs/screens.md#reports): electricity, water, the whole bill and emissions,
 * each against what the baselines expected and against the same period last year.
 */
export function ReportFigures({ report }: { report: ReportAnswer }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
      {FIGURES.map((item) => (
        <FigureTile key={item.key} report={report} item={item} />
      ))}
    </SimpleGrid>
  );
}

function FigureTile({ report, item }: { report: ReportAnswer; item: (typeof FIGURES)[number] }) {
  const value = report.totals[item.key as FigureKey];
  return (
    <Card
      component="article"
      withBorder
      radius="md"
      padding="md"
      aria-label={item.label}
      data-testid={`figure-${item.key}`}
    >
      <Stack gap={6}>
        <Text size="sm" fw={600} c="dimmed">
          {item.label}
        </Text>
        {value === null ? (
          <NotAvailable reason={missingReason(report, item.key, 'totals')} size="xl" />
        ) : (
          <Text fz={26} fw={700} lh={1.2} style={TABULAR} data-testid="figure-value">
            {figureText(value, item.unit, report.currency)}
          </Text>
        )}
        <Comparison r={report} item={item} column="expected" />
        <Comparison r={report} item={item} column="lastYear" />
        {item.key === 'emissionsKg' && report.emissions.factor !== null && (
          <Text size="xs" c="dimmed">
            {report.emissions.factor} kg CO2e per kWh ({report.emissions.source})
          </Text>
        )}
      </Stack>
    </Card>
  );
}
