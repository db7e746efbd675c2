import { money, moneyText, quantity, type ReportAnswer, SCORE_PART_LABELS, savedText } from '@greenpod/contracts';
import { CONTENT_WIDTH, FONT, FONT_BOLD, PAGE, type Palette } from './pdf-document';
import { NOT_AVAILABLE, starsText } from './printed-tables';
import type { ReportLook } from './report-look';

const LOGO_BOX: [number, number] = [120, 40];

/** "1 Dec 2026, 06:00" on the report's clock. */
function generatedText(report: ReportAnswer): string {
  const when = new Date(report.generated);
  if (Number.isNaN(when.getTime())) return report.generated;
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: report.period.timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(when);
}

/** The client's logo, or its title as a wordmark when it has none or the image cannot be read (an SVG, a WebP). */
function brand(doc: PDFKit.PDFDocument, palette: Palette, look: ReportLook, y: number): void {
  if (look.logo) {
    try {
      doc.image(look.logo, PAGE.margin, y, { fit: LOGO_BOX, valign: 'center' });
      return;
    } catch {
      // pdfkit reads PNG and JPEG only: fall through to the wordmark.
    }
  }
  doc.font(FONT_BOLD).fontSize(15).fillColor(palette.primary);
  doc.text(look.clientTitle, PAGE.margin, y + 10, {
    width: 300,
    height: LOGO_BOX[1],
    ellipsis: true,
    lineBreak: false,
  });
}

/** Page 1's head: the band, logo, title, period and time zone, when it was made. Returns the y below it. */
export function drawHeader(doc: PDFKit.PDFDocument, palette: Palette, report: ReportAnswer, look: ReportLook): number {
  doc.rect(0, 0, PAGE.width, 8).fill(palette.primary);
  const top = 28;
  brand(doc, palette, look, top);
  doc.font(FONT).fontSize(7.5).fillColor(palette.muted);
  doc.text(`Generated ${generatedText(report)}`, PAGE.margin, top + 4, { width: CONTENT_WIDTH, align: 'right' });
  doc.text(`Time zone ${report.period.timeZone}`, { width: CONTENT_WIDTH, align: 'right' });
  let y = top + LOGO_BOX[1] + 16;
  doc.font(FONT_BOLD).fontSize(9).fillColor(palette.primary).text('Report', PAGE.margin, y);
  doc
    .font(FONT_BOLD)
    .fontSize(17)
    .fillColor(palette.text)
    .text(report.scope.path, PAGE.margin, doc.y + 2, { width: CONTENT_WIDTH });
  const { label, from, to, days } = report.period;
  doc.font(FONT).fontSize(9.5).fillColor(palette.muted);
  doc.text(`${label} · ${from} to ${to} · ${days} ${days === 1 ? 'day' : 'days'}`, PAGE.margin, doc.y + 3, {
    width: CONTENT_WIDTH,
  });
  y = doc.y + 8;
  doc
    .moveTo(PAGE.margin, y)
    .lineTo(PAGE.margin + CONTENT_WIDTH, y)
    .lineWidth(1.5)
    .stroke(palette.primary);
  return y + 14;
}

interface Tile {
  label: string;
  value: string;
  lines: string[];
}

function tiles(report: ReportAnswer): Tile[] {
  const { totals, expected, lastYear, currency } = report;
  const tile = (label: string, key: keyof ReportAnswer['totals'], format: (n: number) => string): Tile => {
    const f = (n: number | null) => (n === null ? NOT_AVAILABLE : format(n));
    return { label, value: f(totals[key]), lines: [`Expected ${f(expected[key])}`, `Last year ${f(lastYear[key])}`] };
  };
  return [
    tile('Electricity', 'electricityKwh', (n) => `${quantity(n)} kWh`),
    tile('Water', 'waterLitres', (n) => `${quantity(n)} L`),
    tile('Cost', 'cost', (n) => money(n, currency)),
    tile('Emissions', 'emissionsKg', (n) => `${quantity(n)} kg CO2e`),
  ];
}

function drawTiles(doc: PDFKit.PDFDocument, palette: Palette, report: ReportAnswer, y: number): number {
  const gap = 8;
  const width = (CONTENT_WIDTH - 3 * gap) / 4;
  const height = 62;
  tiles(report).forEach((t, i) => {
    const x = PAGE.margin + i * (width + gap);
    doc.rect(x, y, width, height).lineWidth(0.5).stroke(palette.rule);
    doc.rect(x, y, width, 2.5).fill(palette.primary);
    doc
      .font(FONT)
      .fontSize(7.5)
      .fillColor(palette.muted)
      .text(t.label, x + 8, y + 9, { width: width - 16, lineBreak: false });
    // A year's figures run long ("1,134,856 kWh"): the figure shrinks to fit its tile rather than wrap.
    doc.font(FONT_BOLD).fillColor(palette.text);
    let size = 13;
    while (size > 7 && doc.fontSize(size).widthOfString(t.value) > width - 16) size -= 0.5;
    doc.text(t.value, x + 8, y + 20 + (13 - size) / 2, { lineBreak: false });
    doc.font(FONT).fontSize(6.8).fillColor(palette.muted);
    t.lines.forEach((line, j) => {
      doc.text(line, x + 8, y + 39 + j * 9, { lineBreak: false });
    });
  });
  return y + height + 12;
}

/** A label in bold and its text beside it, wrapped under itself. */
function statement(doc: PDFKit.PDFDocument, palette: Palette, label: string, text: string, y: number): number {
  const labelWidth = 78;
  doc.font(FONT_BOLD).fontSize(8.5).fillColor(palette.text).text(label, PAGE.margin, y, { width: labelWidth });
  doc.font(FONT).fontSize(8.5).fillColor(palette.text);
  doc.text(text, PAGE.margin + labelWidth, y, { width: CONTENT_WIDTH - labelWidth });
  return doc.y + 5;
}

function savingsText(report: ReportAnswer): string {
  const { totals } = report.savings;
  if (totals.length === 0) return 'No claimed saving in this period.';
  return totals
    .map((t) => {
      const cash = moneyText({ valueFlat: t.valueFlat, uncertaintyFlat: null, currency: report.currency });
      return cash ? `${savedText(t)}, worth ${cash}` : savedText(t);
    })
    .join('; ');
}

function scoreText(report: ReportAnswer): string {
  const { score } = report;
  if (score.stars === null) return `${NOT_AVAILABLE}: ${score.reason ?? 'no score for this scope'}`;
  const parts = score.parts.map((p) => `${SCORE_PART_LABELS[p.part]} ${p.stars} of 5`).join(', ');
  // `covers` is a sentence of its own ("The last 30 days to ..."): it follows "over" in lower case.
  const covers = score.covers.charAt(0).toLowerCase() + score.covers.slice(1);
  return `${starsText(score.stars)}${parts ? ` (${parts})` : ''}, over ${covers}`;
}

function notificationsText(report: ReportAnswer): string {
  const { total, bySeverity } = report.notifications;
  if (total === 0) return 'None in this period';
  const split = bySeverity.map((s) => `${s.count} ${s.severity.toLowerCase()}`).join(', ');
  return `${total.toLocaleString('en')}${split ? ` (${split})` : ''}`;
}

/** The figures a reader looks for first: four tiles, then the saving, the score and the notifications in words. */
export function drawGlance(doc: PDFKit.PDFDocument, palette: Palette, report: ReportAnswer, top: number): number {
  let y = drawTiles(doc, palette, report, top);
  y = statement(doc, palette, 'Savings', savingsText(report), y);
  y = statement(doc, palette, 'Green score', scoreText(report), y);
  y = statement(doc, palette, 'Notifications', notificationsText(report), y);
  return y + 10;
}
