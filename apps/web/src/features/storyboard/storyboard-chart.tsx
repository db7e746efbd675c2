import { SegmentedControl, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { alignSeries, withGaps } from '../../components/chart/align-series';
import type { ChartKind } from '../../components/chart/chart-types';
import { TimeSeriesChart } from '../../components/chart/time-series-chart';
import { useTimeZone } from '../../lib/preferences';

const HOUR = 3600;
const format = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });

/** A made-up day of temperatures at 15 minutes, a missing hour, and the day before dashed. */
function sampleDay(start: number) {
  const xs: number[] = [];
  const now: number[] = [];
  const before: number[] = [];
  for (let i = 0; i < 96; i++) {
    if (i >= 40 && i < 44) continue;
    xs.push(start + i * 900);
    now.push(Math.round((20 + 3 * Math.sin((i / 96) * 2 * Math.PI - 1.8)) * 10) / 10);
    before.push(Math.round((19 + 2.5 * Math.sin((i / 96) * 2 * Math.PI - 1.6)) * 10) / 10);
  }
  return alignSeries([withGaps({ xs, ys: now }), { xs, ys: before }]);
}

const SERIES = [{ label: 'Today' }, { label: 'Yesterday', dashed: true }];

/** The shared time-series chart with sample data, in both kinds. */
export function StoryboardChart() {
  const [kind, setKind] = useState<ChartKind>('area');
  const timeZone = useTimeZone();
  const start = useMemo(() => Math.floor(Date.now() / 1000 / (24 * HOUR)) * 24 * HOUR, []);
  const data = useMemo(() => sampleDay(start), [start]);
  return (
    <Stack gap="xs">
      <SegmentedControl
        w={160}
        size="xs"
        data={['area', 'bar']}
        value={kind}
        onChange={(v) => setKind(v === 'bar' ? 'bar' : 'area')}
      />
      <TimeSeriesChart
        data={data}
        series={SERIES}
        kind={kind}
        timeZone={timeZone}
        unit="°C"
        range={[start, start + 24 * HOUR]}
        formatValue={(v) => format.format(v)}
        label="Sample temperatures"
        height={280}
      />
    </Stack>
  );
}
