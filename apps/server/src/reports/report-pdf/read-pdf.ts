import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** One page of a PDF as a test reads it back: its size, its text and what its drawing operators do. */
export interface ReadPage {
  width: number;
  height: number;
  text: string;
  /** pdfjs operator codes, in order (OPS.constructPath, OPS.fill, OPS.paintImageXObject...). */
  ops: number[];
  /** The colours set for filling, as #rrggbb. */
  fillColours: string[];
  links: number;
}

// pdfjs hands a colour over as three 0-255 components (a typed array).
const hex = (rgb: ArrayLike<number>) => `#${Array.from(rgb, (c) => c.toString(16).padStart(2, '0')).join('')}`;

/** Reads a PDF with pdfjs (a real text extractor, as a reader's viewer would). */
export async function readPdf(bytes: Buffer): Promise<{ pages: ReadPage[]; title: string | null }> {
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, verbosity: 0 }).promise;
  const pages: ReadPage[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = page.view;
    const content = await page.getTextContent();
    const text = content.items
      .map((item) => ('str' in item ? item.str : ''))
      .join(' ')
      .replace(/\s+/g, ' ');
    const list = await page.getOperatorList();
    const fillColours = list.fnArray.flatMap((fn, i) =>
      fn === OPS.setFillRGBColor ? [hex(list.argsArray[i] as ArrayLike<number>)] : [],
    );
    const links = (await page.getAnnotations()).length;
    pages.push({ width: x1 - x0, height: y1 - y0, text, ops: list.fnArray, fillColours, links });
  }
  const meta = await doc.getMetadata();
  const info = meta.info as { Title?: string };
  await doc.destroy();
  return { pages, title: info.Title ?? null };
}

export { OPS };
