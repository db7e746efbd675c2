import { Box, Button, Center, Paper, Stack, Text } from '@mantine/core';
import { type ReactNode, useCallback, useMemo } from 'react';
import { CHART_HEIGHT, ChartSkeleton, TimeSeriesChart } from '../../../components/chart/time-series-chart';
import { downloadCsv } from '../../../lib/csv';
import { useTimeZone } from '../../../lib/preferences';
import { type GraphRequest, useGraph, usePrefetchTabs } from './dashboard-chart-api';
import { chartCsvRows, csvTime } from './dashboard-chart-csv';
import { DashboardChartHeader } from './dashboard-chart-header';
import { useChartNow } from './dashboard-chart-now';
import { currentSpan, previousPeriod } from './dashboard-chart-period';
import type { DashboardChartProps } from './dashboard-chart-props';
import { chartModel, formatShown } from './dashboard-chart-series';
import { chartSubtitle, chartTitle, chartUnit, currentLabel, previousLabel } from './dashboard-chart-title';

// Live charts follow readings within seconds; longer windows gain little from redrawing every minute.
const refreshMs = (mode: DashboardChartProps['window']['mode']) => (mode === 'live' ? 5_000 : 60_000);

/** The dashboard's chart: one sensor type over the chosen window and place, optionally beside the period before. */
export function DashboardChart(props: DashboardChartProps) {
  const { place, window, sensorType, kind, comparePrevious } = props;
  const timeZone = useTimeZone();
  const key = JSON.stringify([place, window, timeZone]);
  const at = useChartNow(key, props.liveVersion, refreshMs(window.mode));

  const span = useMemo(() => currentSpan(window, timeZone, at), [window, timeZone, at]);
  const previous = useMemo(() => previousPeriod(window, timeZone, at), [window, timeZone, at]);
  const currentRequest: GraphRequest | null = span ? { place, ask: { kind: 'window', window }, timeZone, at } : null;
  const previousRequest: GraphRequest | null =
    comparePrevious && previous ? { place, ask: { kind: 'span', span: previous.span }, timeZone, at } : null;
  const current = useGraph(currentRequest);
  const before = useGraph(previousRequest);
  const previousData = comparePrevious ? before.data : undefined;
  usePrefetchTabs(place, timeZone, current.data !== undefined && !current.isPlaceholderData);

  const model = useMemo(
    () => chartModel(sensorType, current.data, previousData, previous?.shift),
    [sensorType, current.data, previousData, previous],
  );
  const range = useMemo<[number, number] | undefined>(
    () => (span ? [span.from / 1000, span.to / 1000] : undefined),
    [span],
  );

  const title = chartTitle(sensorType);
  const unit = chartUnit(sensorType);
  const subtitle = chartSubtitle(window);
  const legend = comparePrevious ? { current: currentLabel(window), previous: previousLabel(window) } : undefined;
  const series = useMemo(
    () => [{ label: currentLabel(window) }, { label: previousLabel(window), dashed: true, hidden: !comparePrevious }],
    [window, comparePrevious],
  );
  const formatValue = useCallback((v: number) => formatShown(sensorType, v), [sensorType]);

  const download = () => {
    const withUnit = (s: string) => (unit ? `${s} (${unit})` : s);
    const rows = chartCsvRows({
      columns: model.columns,
      timeZone,
      valueHeader: withUnit(title),
      previousHeader: comparePrevious ? withUnit(previousLabel(window)) : undefined,
    });
    const day = csvTime(at / 1000, timeZone).slice(0, 10);
    downloadCsv(`${sensorType.toLowerCase()}-${window.mode}-${day}.csv`, rows);
  };

  let body: ReactNode;
  if (!span) body = <Message text="Choose a start and an end date." />;
  else if (current.isPending) body = <ChartSkeleton />;
  else if (current.isError && !current.data)
    body = (
      <Message text="The chart could not be loaded.">
        <Button variant="light" size="xs" onClick={() => current.refetch()}>
          Retry
        </Button>
      </Message>
    );
  else
    body = (
      // The chart stays mounted when a filter finds nothing, so the next data is a setData, not a new chart.
      <Box pos="relative">
        <TimeSeriesChart
          data={model.columns}
          series={series}
          kind={kind}
          timeZone={timeZone}
          unit={unit}
          range={range}
          formatValue={formatValue}
          label={`${title} · ${subtitle}`}
        />
        {model.empty && (
          <Box pos="absolute" inset={0} bg="var(--mantine-color-body)">
            <Message text="No Data Found" hint="Try another period, place or sensor type." />
          </Box>
        )}
      </Box>
    );

  // Busy while the chart still shows another window's or place's data (kept to avoid a flash).
  const busy = span !== null && (current.isPending || current.isPlaceholderData);
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md" component="section" aria-label="Chart" aria-busy={busy}>
      <Stack gap="sm">
        <DashboardChartHeader
          title={title}
          subtitle={subtitle}
          kind={kind}
          onKindChange={props.onKindChange}
          comparePrevious={comparePrevious}
          onComparePreviousChange={props.onComparePreviousChange}
          onDownload={download}
          canDownload={!model.empty}
          legend={legend}
        />
        {comparePrevious && before.isError && (
          <Text size="xs" c="dimmed">
            The previous period could not be loaded.
          </Text>
        )}
        {body}
      </Stack>
    </Paper>
  );
}

function Message({ text, hint, children }: { text: string; hint?: string; children?: ReactNode }) {
  return (
    <Center h={CHART_HEIGHT}>
      <Stack gap={6} align="center">
        <Text fw={500}>{text}</Text>
        {hint && (
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        )}
        {children}
      </Stack>
    </Center>
  );
}
