/**
 * Greedy word wrapping with remembered word widths. pdfkit's own wrapping lays a cell out twice (to measure and to
 * draw) and was most of a year's report's time. pdfkit shapes and caches a line word by word, each word with the
 * space after it; measuring words the same way ("word ") and drawing each line with a trailing space (`drawn`)
 * lets the drawing reuse every measurement.
 */
export class TextWrap {
  private widths = new Map<string, number>();
  private font = '';

  constructor(private doc: PDFKit.PDFDocument) {}

  /** Sets the document's font and size; widths are remembered per font and size. */
  use(font: string, size: number): this {
    this.doc.font(font).fontSize(size);
    this.font = `${font}|${size}|`;
    return this;
  }

  private measured(text: string): number {
    const key = this.font + text;
    let width = this.widths.get(key);
    if (width === undefined) {
      width = this.doc.widthOfString(text);
      this.widths.set(key, width);
    }
    return width;
  }

  /** The width of `text` in the font and size last set with `use`. */
  width(text: string): number {
    const space = this.measured(' ');
    let total = -space;
    for (const word of text.split(' ')) total += this.measured(`${word} `);
    return total;
  }

  /** A line as it is drawn: with the trailing space its measurement was cached with. */
  static drawn(line: string): string {
    return `${line} `;
  }

  /** `text` as lines no wider than `max`; a word wider than a line is cut where it must be. */
  lines(text: string, max: number): string[] {
    const out: string[] = [];
    const space = this.width(' ');
    for (const paragraph of text.split('\n')) {
      let line = '';
      let lineWidth = 0;
      for (const word of paragraph.split(' ')) {
        const width = this.width(word);
        if (line && lineWidth + space + width <= max) {
          line = `${line} ${word}`;
          lineWidth += space + width;
          continue;
        }
        if (line) out.push(line);
        line = width <= max ? word : this.cut(word, max, out);
        lineWidth = this.width(line);
      }
      out.push(line);
    }
    return out;
  }

  /** Pushes the pieces of an over-long word that fill whole lines and returns its rest. */
  private cut(word: string, max: number, out: string[]): string {
    let rest = word;
    while (rest.length > 1 && this.width(rest) > max) {
      let end = rest.length - 1;
      while (end > 1 && this.width(rest.slice(0, end)) > max) end--;
      out.push(rest.slice(0, end));
      rest = rest.slice(end);
    }
    return rest;
  }
}
