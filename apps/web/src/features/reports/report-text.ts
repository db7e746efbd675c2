import { type CsvCell, money, quantity, type ReportAnswer, type ReportTable } from '@greenpod/contracts';

/** One summary tile's figure: which of the answer's figures, its unit, and how it reads. */
export type FigureKey = keyof ReportAnswer['totals'];
export const FIGURES: { key: FigureKey; label: string; unit: 'kWh' | 'L' | 'kg CO2e' | 'money' }[] = [
  { key: 'electricityKwh', label: 'Electricity', unit: 'kWh' },
  { key: 'waterLitres', label: 'Water', unit: 'L' },
  { key: 'cost', label: 'Cost', unit: 'money' },
  { key: 'emissionsKg', label: 'Emissions', unit: 'kg CO2e' },
];

/** A figure with its unit: "2,900 kWh", "€412.30" (money always to the cent, as the CSV and PDF have it). */
export function figureText(value: number, unit: (typeof FIGURES)[number]['unit'], currency: string): string {
  return unit === 'money' ? money(value, currency) : `${quantity(value)} ${unit}`;
}

/** This period against another as a signed percentage ("+4.2 %", "-12.0 %"), or null without both figures. */
export function difference(value: number | null, other: number | null): string | null {
  if (value === null || other === null || other === 0) return null;
  const d = ((value - other) / Math.abs(other)) * 100;
  const sign = d > 0 ? '+' : d < 0 ? '-' : '';
  return `${sign}${Math.abs(d).toFixed(1)} %`;
}

/** Why a figure is N/A, in words, for each of the three columns of a tile. */
export function missingReason(r: ReportAnswer, key: FigureKey, column: 'totals' | 'expected' | 'lastYear'): string {
  if (column === 'expected') return r.expected.coverage;
  if (column === 'lastYear') return 'No readings for the same period last year';
  if (key === 'emissionsKg') return r.totals.electricityKwh === null ? 'No electricity measured' : r.emissions.source;
  if (key === 'cost') return 'No tariff prices the use of this place';
  return key === 'electricityKwh' ? 'No electricity measured in this period' : 'No water measured in this period';
}

/** How a table column's numbers read on screen; text columns are shown as they are. */
type CellKind = 'text' | 'quantity' | 'money' | 'count' | 'percent';
const COLUMNS: Partial<Record<ReportTable['id'], CellKind[]>> = {
  cost: ['text', 'money', 'text'],
  savings: [
    'text',
    'text',
    'text',
    'text',
    'quantity',
    'quantity',
    'quantity',
    'quantity',
    'money',
    'money',
    'percent',
    'count',
    'text',
    'text',
    'text',
  ],
  notifications: ['text', 'count'],
  rules: ['text', 'text', 'count'],
  'empty-use': ['text', 'quantity', 'text', 'percent'],
  completeness: ['text', 'text', 'text', 'count', 'count', 'percent'],
};

/** Whether a column holds figures (aligned right, in tabular numbers). */
export const isNumberColumn = (table: ReportTable['id'], column: number) =>
  (COLUMNS[table]?.[column] ?? 'text') !== 'text';

/** A table cell as the screen shows it: money to the cent, amounts as cards say them, empty as a dash. */
export function cellText(table: ReportTable['id'], column: number, cell: CsvCell, currency: string): string {
  if (cell === null || cell === undefined || cell === '') return '–';
  if (typeof cell !== 'number') return String(cell);
  const kind = COLUMNS[table]?.[column] ?? 'text';
  if (kind === 'money') return money(cell, currency);
  if (kind === 'quantity') return quantity(cell);
  if (kind === 'percent') return `${cell.toFixed(1)} %`;
  return cell.toLocaleString('en');
}
