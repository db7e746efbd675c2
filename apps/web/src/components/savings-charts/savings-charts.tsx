import { quantity, type SavingsSummary, SENSOR_LABELS } from '@greenpod/contracts';
import { Card, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { ChartSkeleton, TimeSeriesChart } from '../chart/time-series-chart';
import { BAND_LABELS, bandColumns, CHART_ZONE, cusumColumns, dayRange } from './savings-chart-data';

// uPlot loads with the first chart, in its own chunk (as components/chart does).
const SavingsBandUplot = lazy(() => import('./savings-band-uplot'));
const HEIGHT = 300;

/**
 * Expected against actual per day with the 90 % band, then the running sum of savings (CUSUM), for the
 * chosen place and sensor type; the server's reason when there is nothing to chart, or above the charts when
 * only the actual use is there to draw (a report's days without an expected line). Shared by /savings and /reports.
 */
export function SavingsCharts({ chart }: { chart: SavingsSummary['chart'] }) {
  const sensor = SENSOR_LABELS[chart.sensorType];
  const drawn = chart.days.some((d) => d.actual !== null || d.expected !== null);
  if (!drawn) {
    return (
      <Card withBorder radius="md" padding="md">
        <Text size="sm" c="dimmed" data-testid="chart-reason">
          {chart.reason ?? `No days to chart for ${sensor.toLowerCase()} in this period.`}
        </Text>
      </Card>
    );
  }
  const range = dayRange(chart.days);
  return (
    <Stack gap="md">
      {chart.reason !== null && (
        <Text size="sm" c="dimmed" data-testid="chart-reason">
          {chart.reason}
        </Text>
      )}
      <Card withBorder radius="md" padding="md">
        <Title order={2} size="h4" mb={4}>
          Expected against actual
        </Title>
        <Text size="xs" c="dimmed" mb="sm">
          {sensor} per day, in {chart.unit}; the shaded band is where the expected use lies with 90 % confidence.
        </Text>
        <Suspense fallback={<ChartSkeleton height={HEIGHT} />}>
          <SavingsBandUplot
            data={bandColumns(chart.days)}
            series={BAND_LABELS.map((label) => ({ label }))}
            kind="area"
            timeZone={CHART_ZONE}
            unit={chart.unit}
            range={range}
            formatValue={quantity}
            label={`${sensor}: expected against actual per day`}
            height={HEIGHT}
          />
        </Suspense>
      </Card>
      <Card withBorder radius="md" padding="md">
        <Title order={2} size="h4" mb={4}>
          Running sum of savings
        </Title>
        <Text size="xs" c="dimmed" mb="sm">
          Expected minus actual, added up day by day (CUSUM), in {chart.unit}: a rising line is a saving kept up.
        </Text>
        <TimeSeriesChart
          data={cusumColumns(chart.days)}
          series={[{ label: 'Running sum of savings' }]}
          kind="area"
          timeZone={CHART_ZONE}
          unit={chart.unit}
          range={range}
          formatValue={quantity}
          label={`${sensor}: running sum of savings`}
          height={HEIGHT}
        />
      </Card>
    </Stack>
  );
}
