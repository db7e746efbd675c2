import uPlot from 'uplot';
import type { ChartColors } from './chart-colors';
import type { ChartKind, ChartSeriesSpec, TimeSeriesChartProps } from './chart-types';
import { tooltipPlugin } from './tooltip-plugin';
import { formatTick, VALUE_INCRS, valueRange } from './value-axis';

/** What the options read at draw time, so a new kind, unit or range needs a redraw, not a new chart. */
export interface LiveOptions {
  current: Pick<TimeSeriesChartProps, 'data' | 'kind' | 'unit' | 'range' | 'formatValue' | 'series'>;
}

// 24-hour, day-before-month ticks: [min tick step (s), format, the first tick's and changes' extra lines].
const TIME_TICKS: uPlot.Axis.TimeValuesConfig = [
  [3600 * 24 * 365, '{YYYY}', null, null, null, null, null, null, 1],
  [3600 * 24 * 28, '{MMM}', '\n{YYYY}', null, null, null, null, null, 1],
  [3600 * 24, '{D} {MMM}', '\n{YYYY}', null, null, null, null, null, 1],
  [3600, '{HH}:{mm}', '\n{D} {MMM} {YYYY}', null, '\n{D} {MMM}', null, null, null, 1],
  [60, '{HH}:{mm}', '\n{D} {MMM} {YYYY}', null, '\n{D} {MMM}', null, null, null, 1],
  [1, '{HH}:{mm}:{ss}', '\n{D} {MMM} {YYYY}', null, '\n{D} {MMM}', null, null, null, 1],
];

const bars = uPlot.paths.bars?.({ size: [0.8, 48, 1], align: 1 });
// Past ~4 px a bar, gaps between bars turn into stripes (a Year on a phone): the bars then touch.
const denseBars = uPlot.paths.bars?.({ size: [1, 48, 1], align: 1 });
const linear = uPlot.paths.linear?.();

const barPaths: uPlot.Series.PathBuilder = (u, i, i0, i1) => {
  const perBar = u.bbox.width / uPlot.pxRatio / Math.max(1, i1 - i0 + 1);
  return (perBar < 4 ? denseBars : bars)?.(u, i, i0, i1) ?? null;
};

function seriesOptions(spec: ChartSeriesSpec, colors: ChartColors, live: LiveOptions): uPlot.Series {
  const kind = (): ChartKind => live.current.kind;
  if (spec.dashed) {
    return {
      label: spec.label,
      show: !spec.hidden,
      stroke: colors.previous,
      width: 1.5,
      dash: [6, 4],
      paths: linear,
      points: { show: false },
    };
  }
  return {
    label: spec.label,
    show: !spec.hidden,
    // Bars are outlined in their own fill, so they read as one quiet block.
    stroke: () => (kind() === 'bar' ? colors.barFill : colors.line),
    width: 1.5,
    fill: () => (kind() === 'bar' ? colors.barFill : colors.areaFill),
    paths: (u, i, i0, i1) => (kind() === 'bar' ? barPaths(u, i, i0, i1) : (linear?.(u, i, i0, i1) ?? null)),
    points: { show: false },
  };
}

/** uPlot's options for a time series: axes in `timeZone`, the unit on the value axis, a tooltip. */
export function chartOptions(args: {
  width: number;
  height: number;
  timeZone: string;
  colors: ChartColors;
  live: LiveOptions;
}): uPlot.Options {
  const { colors, live, timeZone } = args;
  const axis = { stroke: colors.axis, font: colors.font, labelFont: colors.font, ticks: { show: false } };
  const grid = { stroke: colors.grid, width: 1 };
  return {
    width: args.width,
    height: args.height,
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), timeZone),
    legend: { show: false },
    cursor: { y: false, points: { size: 7 }, drag: { x: false, y: false } },
    scales: {
      x: { time: true, range: (_u, min, max) => live.current.range ?? [min, max] },
      y: { range: (_u, min, max) => valueRange(live.current.kind, min, max) },
    },
    axes: [
      { ...axis, grid, values: TIME_TICKS, space: 60 },
      {
        ...axis,
        grid,
        label: () => live.current.unit,
        labelSize: 18,
        labelGap: 0,
        size: 48,
        incrs: VALUE_INCRS,
        values: (_u, splits) => splits.map((v) => formatTick(v)),
      },
    ],
    series: [{}, ...live.current.series.map((s) => seriesOptions(s, colors, live))],
    plugins: [tooltipPlugin({ timeZone, live })],
  };
}
