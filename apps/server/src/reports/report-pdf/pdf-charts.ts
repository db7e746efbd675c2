import { quantity, type ReportAnswer, SENSOR_LABELS } from '@greenpod/contracts';
import { dayTicks, niceTicks, runs } from './chart-scale';
import { CONTENT_WIDTH, FONT, FONT_BOLD, PAGE, type Palette } from './pdf-document';
import { spaceFor } from './pdf-table';

type Days = ReportAnswer['daily']['days'];
interface Plot {
  left: number;
  top: number;
  width: number;
  height: number;
  x: (index: number) => number;
  y: (value: number) => number;
}

const AXIS_SIZE = 6.5;
const PLOT_HEIGHT = 150;
const GUTTER = 36;

/** The chart's title and its caption (the screen's words); returns the y below them. */
function heading(doc: PDFKit.PDFDocument, palette: Palette, title: string, caption: string, y: number): number {
  doc.font(FONT_BOLD).fontSize(10.5).fillColor(palette.text).text(title, PAGE.margin, y, { width: CONTENT_WIDTH });
  doc
    .font(FONT)
    .fontSize(7.5)
    .fillColor(palette.muted)
    .text(caption, PAGE.margin, doc.y + 1, { width: CONTENT_WIDTH });
  return doc.y + 6;
}

/** The frame: horizontal grid lines with the unit's ticks, and the days along the bottom. */
function frame(
  doc: PDFKit.PDFDocument,
  palette: Palette,
  days: Days,
  values: number[],
  unit: string,
  top: number,
): Plot {
  const ticks = niceTicks(Math.min(0, ...values), Math.max(0, ...values));
  const low = ticks[0] ?? 0;
  const high = ticks[ticks.length - 1] ?? 1;
  const left = PAGE.margin + GUTTER;
  const width = CONTENT_WIDTH - GUTTER;
  const height = PLOT_HEIGHT;
  const n = days.length;
  const plot: Plot = {
    left,
    top,
    width,
    height,
    // One day sits in the middle; otherwise the first and last days touch the edges.
    x: (i) => (n <= 1 ? left + width / 2 : left + (i * width) / (n - 1)),
    y: (v) => top + height - ((v - low) / (high - low || 1)) * height,
  };
  doc.font(FONT).fontSize(AXIS_SIZE);
  for (const t of ticks) {
    const y = plot.y(t);
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(t === 0 ? 0.8 : 0.4)
      .stroke(t === 0 ? palette.muted : palette.rule);
    doc
      .fillColor(palette.muted)
      .text(quantity(t), PAGE.margin, y - 3, { width: GUTTER - 4, align: 'right', lineBreak: false });
  }
  doc
    .fillColor(palette.muted)
    .text(unit, PAGE.margin, top - 12, { width: GUTTER - 4, align: 'right', lineBreak: false });
  for (const tick of dayTicks(days.map((d) => d.date))) {
    const x = plot.x(tick.index);
    doc
      .moveTo(x, top + height)
      .lineTo(x, top + height + 3)
      .lineWidth(0.4)
      .stroke(palette.muted);
    doc
      .fillColor(palette.muted)
      .text(tick.label, x - 20, top + height + 5, { width: 40, align: 'center', lineBreak: false });
  }
  return plot;
}

/** A line through each run of days with a value; a lone day is a dot, so one day still shows. */
function line(
  doc: PDFKit.PDFDocument,
  plot: Plot,
  values: (number | null)[],
  colour: string,
  width: number,
  dashed = false,
) {
  for (const run of runs(values)) {
    const first = run[0] ?? 0;
    if (run.length === 1) {
      doc.circle(plot.x(first), plot.y(values[first] ?? 0), width + 0.8).fill(colour);
      continue;
    }
    doc.moveTo(plot.x(first), plot.y(values[first] ?? 0));
    for (const i of run.slice(1)) doc.lineTo(plot.x(i), plot.y(values[i] ?? 0));
    if (dashed) doc.dash(3, { space: 2 });
    doc.lineWidth(width).lineJoin('round').stroke(colour);
    doc.undash();
  }
}

/** A filled shape between two series over each run of days where both have a value. */
function area(
  doc: PDFKit.PDFDocument,
  plot: Plot,
  upper: (number | null)[],
  lower: (number | null)[],
  colour: string,
  opacity: number,
) {
  const both = upper.map((u, i) => (u === null || lower[i] === null ? null : u));
  for (const run of runs(both)) {
    if (run.length < 2) continue;
    const first = run[0] ?? 0;
    doc.moveTo(plot.x(first), plot.y(upper[first] ?? 0));
    for (const i of run.slice(1)) doc.lineTo(plot.x(i), plot.y(upper[i] ?? 0));
    for (const i of [...run].reverse()) doc.lineTo(plot.x(i), plot.y(lower[i] ?? 0));
    doc.closePath().fillOpacity(opacity).fill(colour);
    doc.fillOpacity(1);
  }
}

function legend(
  doc: PDFKit.PDFDocument,
  palette: Palette,
  items: { label: string; draw: (x: number, y: number) => void }[],
  y: number,
) {
  let x = PAGE.margin + GUTTER;
  doc.font(FONT).fontSize(7);
  for (const item of items) {
    item.draw(x, y + 4);
    doc.fillColor(palette.text).text(item.label, x + 16, y, { lineBreak: false });
    x += 16 + doc.widthOfString(item.label) + 14;
  }
  return y + 14;
}

/** A chart with nothing to draw says why, in a box the chart's size. */
function nothing(doc: PDFKit.PDFDocument, palette: Palette, text: string, y: number): number {
  doc.rect(PAGE.margin, y, CONTENT_WIDTH, 48).lineWidth(0.5).stroke(palette.rule);
  doc
    .font(FONT)
    .fontSize(8)
    .fillColor(palette.muted)
    .text(text, PAGE.margin + 10, y + 18, { width: CONTENT_WIDTH - 20, align: 'center' });
  return y + 62;
}

const present = (values: (number | null)[]) => values.filter((v): v is number => v !== null);

/** Expected against actual per day with the 90 % band, as /savings draws it; actual alone without a baseline. */
export function drawDailyChart(
  doc: PDFKit.PDFDocument,
  palette: Palette,
  daily: ReportAnswer['daily'],
  top: number,
): number {
  const sensor = SENSOR_LABELS[daily.sensorType];
  let y = spaceFor(doc, top, PLOT_HEIGHT + 80);
  y = heading(
    doc,
    palette,
    'Expected against actual',
    `${sensor} per day, in ${daily.unit}; the shaded band is where the expected use lies with 90 % confidence.`,
    y,
  );
  const { days } = daily;
  const actual = days.map((d) => d.actual);
  const expected = days.map((d) => d.expected);
  const low = days.map((d) => d.low);
  const high = days.map((d) => d.high);
  const values = present([...actual, ...expected, ...low, ...high]);
  if (values.length === 0) return nothing(doc, palette, daily.reason ?? 'No daily figures in this period', y);
  const hasExpected = present(expected).length > 0;
  const items = [
    {
      label: 'Actual',
      draw: (x: number, ly: number) =>
        void doc
          .moveTo(x, ly)
          .lineTo(x + 12, ly)
          .lineWidth(1.6)
          .stroke(palette.primary),
    },
  ];
  if (hasExpected) {
    items.push(
      {
        label: 'Expected',
        draw: (x, ly) =>
          void doc
            .moveTo(x, ly)
            .lineTo(x + 12, ly)
            .dash(3, { space: 2 })
            .lineWidth(1)
            .stroke(palette.text)
            .undash(),
      },
      {
        label: 'Expected, 90 % band',
        draw: (x, ly) =>
          void doc
            .rect(x, ly - 3, 12, 6)
            .fillOpacity(0.5)
            .fill(palette.band)
            .fillOpacity(1),
      },
    );
  }
  y = legend(doc, palette, items, y) + 12;
  const plot = frame(doc, palette, days, values, daily.unit, y);
  area(doc, plot, high, low, palette.band, 0.5);
  line(doc, plot, expected, palette.text, 1, true);
  line(doc, plot, actual, palette.primary, 1.6);
  y = plot.top + plot.height + 18;
  if (!hasExpected && daily.reason) {
    doc.font(FONT).fontSize(7.5).fillColor(palette.muted).text(daily.reason, PAGE.margin, y, { width: CONTENT_WIDTH });
    y = doc.y + 4;
  }
  return y + 10;
}

/** The running sum of avoided use (CUSUM) over a zero line: rising is a saving kept up. */
export function drawCusumChart(
  doc: PDFKit.PDFDocument,
  palette: Palette,
  daily: ReportAnswer['daily'],
  top: number,
): number {
  let y = spaceFor(doc, top, PLOT_HEIGHT + 60);
  y = heading(
    doc,
    palette,
    'Running sum of savings',
    `Expected minus actual, added up day by day (CUSUM), in ${daily.unit}: a rising line is a saving kept up.`,
    y,
  );
  const cusum = daily.days.map((d) => d.cusum);
  const values = present(cusum);
  if (values.length === 0) return nothing(doc, palette, daily.reason ?? 'No running sum of savings in this period', y);
  const plot = frame(doc, palette, daily.days, values, daily.unit, y + 12);
  area(
    doc,
    plot,
    cusum,
    cusum.map((v) => (v === null ? null : 0)),
    palette.primary,
    0.15,
  );
  line(doc, plot, cusum, palette.primary, 1.6);
  return plot.top + plot.height + 28;
}
