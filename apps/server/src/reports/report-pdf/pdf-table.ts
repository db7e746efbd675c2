import { CONTENT_BOTTOM, CONTENT_WIDTH, FONT, FONT_BOLD, PAGE, type Palette } from './pdf-document';
import type { PrintedTable } from './printed-tables';
import { TextWrap } from './text-wrap';

const BODY_SIZE = 7.5;
const PAD_X = 4;
const PAD_Y = 3;

/** Starts a new page when `height` does not fit above the footer; returns the y to draw at. */
export function spaceFor(doc: PDFKit.PDFDocument, y: number, height: number): number {
  if (y + height <= CONTENT_BOTTOM) return y;
  doc.addPage();
  return PAGE.margin;
}

interface Layout {
  widths: number[];
  aligns: ('left' | 'right')[];
}

/** A row's cells as wrapped lines, and its height. */
interface Row {
  cells: string[][];
  height: number;
}

function measure(doc: PDFKit.PDFDocument, wrap: TextWrap, texts: string[], widths: number[]): Row {
  const cells = texts.map((text, i) => wrap.lines(text, (widths[i] ?? 0) - 2 * PAD_X));
  const lines = Math.max(1, ...cells.map((c) => c.length));
  return { cells, height: lines * doc.currentLineHeight(true) + 2 * PAD_Y };
}

// Each line is written on its own with no wrapping, which keeps pdfkit off its (slow) line wrapper.
function drawCells(doc: PDFKit.PDFDocument, wrap: TextWrap, row: Row, y: number, { widths, aligns }: Layout): void {
  const lineHeight = doc.currentLineHeight(true);
  let x = PAGE.margin;
  row.cells.forEach((lines, i) => {
    const width = widths[i] ?? 0;
    lines.forEach((line, j) => {
      if (!line) return;
      const left = aligns[i] === 'right' ? x + width - PAD_X - wrap.width(line) : x + PAD_X;
      doc.text(TextWrap.drawn(line), left, y + PAD_Y + j * lineHeight, { lineBreak: false });
    });
    x += width;
  });
}

function drawTitle(doc: PDFKit.PDFDocument, palette: Palette, table: PrintedTable, y: number, continued: boolean) {
  doc.font(FONT_BOLD).fontSize(10.5).fillColor(palette.text);
  doc.text(continued ? `${table.title} (continued)` : table.title, PAGE.margin, y, { width: CONTENT_WIDTH });
  let next = doc.y + 2;
  if (table.note && !continued) {
    doc.font(FONT).fontSize(7.5).fillColor(palette.muted);
    doc.text(table.note, PAGE.margin, next, { width: CONTENT_WIDTH });
    next = doc.y + 2;
  }
  return next + 2;
}

/**
 * One table: its title and note, a header row, then its rows, zebra-striped; a row that does not fit starts a new
 * page, which repeats the title and header. Long cells wrap within their column. Returns the y below it.
 */
export function drawTable(
  doc: PDFKit.PDFDocument,
  wrap: TextWrap,
  palette: Palette,
  table: PrintedTable,
  top: number,
): number {
  const empty = table.rows.length === 0;
  const layout: Layout = {
    widths: table.columns.map((c) => c.width * CONTENT_WIDTH),
    aligns: table.columns.map((c) => c.align),
  };
  wrap.use(FONT_BOLD, BODY_SIZE);
  const header = measure(
    doc,
    wrap,
    table.columns.map((c) => c.header),
    layout.widths,
  );
  wrap.use(FONT, BODY_SIZE);
  const rows = empty
    ? [measure(doc, wrap, ['None in this period'], [CONTENT_WIDTH])]
    : table.rows.map((r) =>
        measure(
          doc,
          wrap,
          table.columns.map((c) => c.text(r)),
          layout.widths,
        ),
      );
  const drawHead = (y: number, continued: boolean) => {
    const at = drawTitle(doc, palette, table, y, continued);
    doc.rect(PAGE.margin, at, CONTENT_WIDTH, header.height).fill(palette.stripe);
    wrap.use(FONT_BOLD, BODY_SIZE);
    doc.fillColor(palette.muted);
    drawCells(doc, wrap, header, at, layout);
    const bottom = at + header.height;
    doc
      .moveTo(PAGE.margin, bottom)
      .lineTo(PAGE.margin + CONTENT_WIDTH, bottom)
      .lineWidth(0.8)
      .stroke(palette.primary);
    wrap.use(FONT, BODY_SIZE);
    return bottom;
  };
  // The title, the header and the first row stay together.
  let y = drawHead(spaceFor(doc, top, 44 + header.height + (rows[0]?.height ?? 0)), false);
  rows.forEach((row, i) => {
    if (y + row.height > CONTENT_BOTTOM) {
      doc.addPage();
      y = drawHead(PAGE.margin, true);
    }
    if (i % 2 === 1) doc.rect(PAGE.margin, y, CONTENT_WIDTH, row.height).fill(palette.stripe);
    doc.fillColor(palette.text);
    drawCells(doc, wrap, row, y, empty ? { widths: [CONTENT_WIDTH], aligns: ['left'] } : layout);
    y += row.height;
  });
  doc
    .moveTo(PAGE.margin, y)
    .lineTo(PAGE.margin + CONTENT_WIDTH, y)
    .lineWidth(0.5)
    .stroke(palette.rule);
  return y + 16;
}
