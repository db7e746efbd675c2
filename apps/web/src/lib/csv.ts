import { type CsvCell, toCsv } from '@greenpod/contracts';

export type { CsvCell } from '@greenpod/contracts';

/**
 * Offers CSV text as a file download. The byte order mark makes spreadsheet programs read the file
 * as UTF-8 (units such as °C).
 */
export function downloadCsv(fileName: string, rows: CsvCell[][]): void {
  const blob = new Blob([`\uFEFF${toCsv(rows)}\r\n`], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked on the next task: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
