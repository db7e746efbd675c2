import 'uplot/dist/uPlot.min.css';
import '../chart/time-series-chart.css';
import { alpha, useMantineTheme } from '@mantine/core';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import { useChartColors } from '../chart/chart-colors';
import { chartOptions, type LiveOptions } from '../chart/chart-options';
import type { TimeSeriesChartProps } from '../chart/chart-types';

type Props = TimeSeriesChartProps & { height: number };

/**
 * Expected against actual with the 90 % band filled between its low and high, drawn with the project's
 * chart options (axes, value ticks, tooltip) and its own series: the band's edges unstroked, expected
 * dashed, actual solid. Loaded on demand like components/chart's canvas. The chart is built again when
 * its data change (a window or place change): it is small, and this keeps it simple.
 */
export default function SavingsBandUplot(props: Props) {
  const { data, height, label, timeZone } = props;
  const host = useRef<HTMLDivElement>(null);
  const live = useRef<LiveOptions['current']>(props);
  live.current = props;
  const colors = useChartColors();
  const theme = useMantineTheme();
  const actual = theme.colors.orange?.[7] ?? '#e8590c';

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const options = chartOptions({ width: el.clientWidth, height, timeZone, colors, live });
    const edge = (label: string): uPlot.Series => ({ label, stroke: 'transparent', width: 0, points: { show: false } });
    const line = (label: string, stroke: string, dash?: number[]): uPlot.Series => ({
      label,
      stroke,
      width: 2,
      ...(dash ? { dash } : {}),
      points: { show: false },
    });
    const [low, high, expected, real] = live.current.series.map((s) => s.label);
    options.series = [
      {},
      edge(low ?? 'Low'),
      edge(high ?? 'High'),
      line(expected ?? 'Expected', colors.line, [6, 4]),
      line(real ?? 'Actual', actual),
    ];
    options.bands = [{ series: [2, 1], fill: alpha(colors.line, 0.18) }];
    const u = new uPlot(options, data, el);
    const observer = new ResizeObserver(() => {
      if (el.clientWidth > 0 && el.clientWidth !== u.width) u.setSize({ width: el.clientWidth, height });
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      u.destroy();
    };
  }, [data, colors, actual, height, timeZone]);

  return <div ref={host} className="gp-chart" role="img" aria-label={label} style={{ height }} />;
}
