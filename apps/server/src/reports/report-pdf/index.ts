import type { ReportAnswer } from '@greenpod/contracts';
import { drawCusumChart, drawDailyChart } from './pdf-charts';
import {
  CONTENT_BOTTOM,
  CONTENT_WIDTH,
  FONT,
  finish,
  newDocument,
  PAGE,
  type Palette,
  paletteFor,
} from './pdf-document';
import { drawGlance, drawHeader } from './pdf-front';
import { drawTable } from './pdf-table';
import { printedTables } from './printed-tables';
import type { ReportLook } from './report-look';
import { TextWrap } from './text-wrap';

export type { ReportLook } from './report-look';

/** Every page's foot: the scope and period on the left, "Page n of N" on the right, written once all are laid out. */
function drawFooters(doc: PDFKit.PDFDocument, palette: Palette, report: ReportAnswer): void {
  const { start, count } = doc.bufferedPageRange();
  const where = `${report.scope.path} · ${report.period.label}`;
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    // The footer sits in the bottom margin; without this pdfkit would take it for an overflow and add a page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = CONTENT_BOTTOM + 4;
    doc
      .moveTo(PAGE.margin, y)
      .lineTo(PAGE.margin + CONTENT_WIDTH, y)
      .lineWidth(0.5)
      .stroke(palette.rule);
    doc.font(FONT).fontSize(7).fillColor(palette.muted);
    doc.text(where, PAGE.margin, y + 5, { width: CONTENT_WIDTH - 80, lineBreak: false, ellipsis: true });
    doc.text(`Page ${i + 1} of ${count}`, PAGE.margin + CONTENT_WIDTH - 80, y + 5, {
      width: 80,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}

/**
 * The report as an A4 PDF made on the server (docs/domain.md#the-reports-pdf): embedded fonts,
 * selectable text, the client's logo and colour, vector charts, and the same figures as the screen and the CSV
 * (the tables come from the one shared definition). Deterministic for one answer: its dates come from the answer.
 */
export async function renderReportPdf(report: ReportAnswer, look: ReportLook): Promise<Buffer> {
  const palette = paletteFor(look.primaryColour);
  const created = new Date(report.generated);
  const doc = newDocument({
    title: `Report: ${report.scope.path}, ${report.period.label}`,
    subject: `${report.period.from} to ${report.period.to} (${report.period.timeZone})`,
    created: Number.isNaN(created.getTime()) ? new Date(0) : created,
  });
  let y = drawHeader(doc, palette, report, look);
  y = drawGlance(doc, palette, report, y);
  y = drawDailyChart(doc, palette, report.daily, y);
  y = drawCusumChart(doc, palette, report.daily, y);
  const wrap = new TextWrap(doc);
  for (const table of printedTables(report)) y = drawTable(doc, wrap, palette, table, y);
  drawFooters(doc, palette, report);
  return finish(doc);
}
