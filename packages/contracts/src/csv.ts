/** A cell: text, a number, or nothing (an empty cell). */
export type CsvCell = string | number | null | undefined;

// A spreadsheet reads a cell starting with one of these as a formula (OWASP "CSV injection").
const FORMULA_START = /^[=+\-@\t\r]/;
// A plain decimal number, such as -3.5: left as it is so it stays a number (OWASP prefixes only
// non-numeric cells). "-1+2" or "-2e3" are not plain and are prefixed.
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One cell as CSV text. Formula-injection safe: a text starting with = + - @ tab or CR gets a leading
 * single quote, so the spreadsheet shows it as text; a plain negative number (a number, or text such
 * as "-3.5") is left alone and stays a readable number. Then RFC 4180 quoting: a cell holding a comma,
 * quote or line break goes in double quotes, its quotes doubled.
 */
export function csvCell(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  const text = FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows as CSV text: CRLF line ends (RFC 4180). */
export function toCsv(rows: CsvCell[][]): string {
  return rows.map((r) => r.map(csvCell).join(',')).join('\r\n');
}
