import 'uplot/dist/uPlot.min.css';
import './time-series-chart.css';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import { useChartColors } from './chart-colors';
import { chartOptions, type LiveOptions } from './chart-options';
import type { TimeSeriesChartProps } from './chart-types';

type Props = TimeSeriesChartProps & { height: number };

/**
 * The canvas itself, loaded on demand (see time-series-chart.tsx). One uPlot instance lives as long
 * as the zone, the colours and the series' make-up stay the same: new data, a kind or a unit is a
 * setData, a hidden series a setSeries, so a tab or filter change never rebuilds it.
 */
export default function UplotChart(props: Props) {
  const { data, series, kind, timeZone, unit, range, height, label } = props;
  const host = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const live = useRef<LiveOptions['current']>(props);
  live.current = props;
  const colors = useChartColors();
  // The make-up: how many series and which are dashed. Hiding one is not a change of make-up.
  const makeUp = series.map((s) => `${s.label}:${s.dashed ? 'd' : 's'}`).join('|');

  // biome-ignore lint/correctness/useExhaustiveDependencies: makeUp stands for props.series' shape, read through the ref.
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const options = chartOptions({ width: el.clientWidth, height, timeZone, colors, live });
    const u = new uPlot(options, live.current.data, el);
    plot.current = u;
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (el.clientWidth > 0 && el.clientWidth !== u.width) u.setSize({ width: el.clientWidth, height });
      });
    });
    observer.observe(el);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      u.destroy();
      plot.current = null;
    };
  }, [colors, timeZone, height, makeUp]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: unit, range and kind are read at draw time through the ref.
  useEffect(() => {
    // setData, not a redraw: a new kind has its own value range (bars stand on zero).
    plot.current?.setData(data);
  }, [data, unit, range, kind]);

  useEffect(() => {
    const u = plot.current;
    if (!u) return;
    series.forEach((s, i) => {
      if (u.series[i + 1]?.show === Boolean(s.hidden)) u.setSeries(i + 1, { show: !s.hidden });
    });
  }, [series]);

  return <div ref={host} className="gp-chart" role="img" aria-label={label} style={{ height }} />;
}
