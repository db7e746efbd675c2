import { createRequire } from 'node:module';
import { DEFAULT_THEME } from '@greenpod/contracts';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
// DejaVu Sans covers the currency signs, stars and dashes the figures use; pdfkit embeds the subset of each TTF it
// draws, so every reader shows the same glyphs and the text stays selectable. The standard 14 fonts are never
// embedded, so they are not used.
const REGULAR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

export const FONT = 'DejaVuSans';
export const FONT_BOLD = 'DejaVuSans-Bold';

/** A4 in points, with 40 pt margins. */
export const PAGE = { width: 595.28, height: 841.89, margin: 40 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
/** Where the flowing content stops: the footer sits below it. */
export const CONTENT_BOTTOM = PAGE.height - PAGE.margin - 14;

/** The report's ink: the client's primary colour for accents, neutral greys for everything else. */
export interface Palette {
  primary: string;
  text: string;
  muted: string;
  rule: string;
  stripe: string;
  band: string;
}

const HEX = /^#[0-9a-f]{6}$/i;

export function paletteFor(primaryColour: string): Palette {
  return {
    primary: HEX.test(primaryColour) ? primaryColour : DEFAULT_THEME.primaryActionColor,
    text: '#1b2b1e',
    muted: '#5c6b5f',
    rule: '#d5dbd6',
    stripe: '#f3f5f3',
    band: '#c9d1cb',
  };
}

/** A new A4 document with the fonts registered; its pages stay buffered so the footer can count them. */
export function newDocument(info: { title: string; subject: string; created: Date }): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    // The default would load Helvetica (a standard font, never embedded); start on DejaVu instead.
    font: REGULAR,
    info: {
      Title: info.title,
      Subject: info.subject,
      Author: 'Greenpod',
      Creator: 'Greenpod',
      Producer: 'Greenpod (PDFKit)',
      CreationDate: info.created,
      ModDate: info.created,
    },
    displayTitle: true,
    lang: 'en',
  });
  doc.registerFont(FONT, REGULAR);
  doc.registerFont(FONT_BOLD, BOLD);
  doc.font(FONT);
  return doc;
}

/** Ends the document and collects its bytes. */
export function finish(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
