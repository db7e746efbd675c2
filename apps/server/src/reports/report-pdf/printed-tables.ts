import { type CsvCell, money, quantity, type ReportAnswer, type ReportTable, reportTables } from '@greenpod/contracts';

/** What a missing figure prints as. */
export const NOT_AVAILABLE = 'N/A';

export interface PrintedColumn {
  header: string;
  /** A share of the content width; a table's shares add up to 1. */
  width: number;
  align: 'left' | 'right';
  text: (row: CsvCell[]) => string;
}

/** One of the report's tables as the PDF prints it: the shared table's cells, formatted and fitted to A4. */
export interface PrintedTable {
  id: ReportTable['id'];
  title: string;
  columns: PrintedColumn[];
  rows: CsvCell[][];
  /** A line under the title: where a figure comes from or why one is missing. */
  note: string | null;
}

const num = (cell: CsvCell): number | null => (typeof cell === 'number' && Number.isFinite(cell) ? cell : null);
const orNa = (cell: CsvCell, format: (n: number) => string) => {
  const n = num(cell);
  return n === null ? NOT_AVAILABLE : format(n);
};
const plain = (cell: CsvCell) => (cell === null || cell === undefined ? '' : String(cell));
const percent = (n: number) => `${n.toFixed(1)} %`;
const count = (n: number) => n.toLocaleString('en');

/**
 * Picks a shared table's column by its header, so the PDF reads the same cells the CSV writes; a renamed header
 * fails loudly here rather than printing the wrong figure.
 */
function columnOf(table: ReportTable, header: string): number {
  const index = table.header.indexOf(header);
  if (index < 0) throw new Error(`report table ${table.id} has no column "${header}"`);
  return index;
}

type Kind = 'text' | 'quantity' | 'money' | 'percent' | 'count';

function formatter(kind: Kind, currency: string): (cell: CsvCell) => string {
  switch (kind) {
    case 'text':
      return plain;
    case 'quantity':
      return (c) => orNa(c, quantity);
    case 'money':
      return (c) => orNa(c, (n) => money(n, currency));
    case 'percent':
      return (c) => orNa(c, percent);
    case 'count':
      return (c) => orNa(c, count);
  }
}

/** The columns a table prints, each one of its own columns with a kind and a width share. */
type Plan = [header: string, kind: Kind, width: number][];

const PLANS: Partial<Record<ReportTable['id'], Plan>> = {
  cost: [
    ['Part', 'text', 0.6],
    ['Amount', 'money', 0.4],
  ],
  notifications: [
    ['Severity', 'text', 0.6],
    ['Notifications', 'count', 0.4],
  ],
  rules: [
    ['Rule', 'text', 0.5],
    ['Pod', 'text', 0.3],
    ['Notifications', 'count', 0.2],
  ],
  'empty-use': [
    ['Figure', 'text', 0.3],
    ['Used while empty', 'quantity', 0.3],
    ['Unit', 'text', 0.15],
    ['Share (%)', 'percent', 0.25],
  ],
  completeness: [
    ['Location', 'text', 0.22],
    ['Area', 'text', 0.19],
    ['Pod', 'text', 0.2],
    ['Complete days', 'count', 0.13],
    ['Days', 'count', 0.08],
    ['Completeness (%)', 'percent', 0.18],
  ],
  daily: [
    ['Date', 'text', 0.2],
    ['Expected', 'quantity', 0.14],
    ['Expected low (90 %)', 'quantity', 0.16],
    ['Expected high (90 %)', 'quantity', 0.16],
    ['Actual', 'quantity', 0.14],
    ['Cumulative saving', 'quantity', 0.2],
  ],
};

function planned(table: ReportTable, plan: Plan, currency: string): PrintedColumn[] {
  return plan.map(([header, kind, width]) => {
    const index = columnOf(table, header);
    const format = formatter(kind, currency);
    return { header, width, align: kind === 'text' ? 'left' : 'right', text: (row) => format(row[index]) };
  });
}

/** The summary: the cost row is money, the others quantities in their unit. */
function summaryColumns(table: ReportTable, currency: string): PrintedColumn[] {
  const unit = columnOf(table, 'Unit');
  const figure = (header: string): PrintedColumn => {
    const index = columnOf(table, header);
    return {
      header,
      width: 0.21,
      align: 'right',
      text: (row) => orNa(row[index], (n) => (row[unit] === currency ? money(n, currency) : quantity(n))),
    };
  };
  return [
    { header: 'Figure', width: 0.2, align: 'left', text: (row) => plain(row[columnOf(table, 'Figure')]) },
    { header: 'Unit', width: 0.17, align: 'left', text: (row) => plain(row[unit]) },
    figure('This period'),
    figure('Expected'),
    figure('Last year'),
  ];
}

/** Savings per pod: fifteen CSV columns folded into eight that fit A4, each saving with its +/- as on screen. */
function savingsColumns(table: ReportTable, currency: string): PrintedColumn[] {
  const at = (header: string) => columnOf(table, header);
  const [area, pod, type, unit] = [at('Area'), at('Pod'), at('Sensor type'), at('Unit')];
  const [expected, actual, saved, plusMinus] = [at('Expected'), at('Actual'), at('Saved'), at('Uncertainty (+/-)')];
  const [cash, cashPlusMinus, share] = [at('Saved (money)'), at('Uncertainty (money, +/-)'), at('Percentage')];
  const [status, reason] = [at('Status'), at('Reason')];
  const withUncertainty = (value: CsvCell, uncertainty: CsvCell, format: (n: number) => string) =>
    orNa(value, (n) => {
      const u = num(uncertainty);
      return u === null ? format(n) : `${format(n)} +/- ${format(u)}`;
    });
  return [
    { header: 'Area / pod', width: 0.16, align: 'left', text: (r) => `${plain(r[area])} / ${plain(r[pod])}` },
    { header: 'Type', width: 0.1, align: 'left', text: (r) => `${plain(r[type])} (${plain(r[unit])})` },
    { header: 'Expected', width: 0.11, align: 'right', text: (r) => orNa(r[expected], quantity) },
    { header: 'Actual', width: 0.08, align: 'right', text: (r) => orNa(r[actual], quantity) },
    { header: 'Saved', width: 0.12, align: 'right', text: (r) => withUncertainty(r[saved], r[plusMinus], quantity) },
    {
      header: 'Saved (money)',
      width: 0.15,
      align: 'right',
      text: (r) => withUncertainty(r[cash], r[cashPlusMinus], (n) => money(n, currency)),
    },
    { header: '%', width: 0.07, align: 'right', text: (r) => orNa(r[share], percent) },
    {
      header: 'Status',
      width: 0.2,
      align: 'left',
      text: (r) => (r[reason] ? `${plain(r[status])}: ${plain(r[reason])}` : plain(r[status])),
    },
  ];
}

/** Stars as a reader sees them on screen: filled then empty, and the count. */
export const starsText = (stars: number | null) =>
  stars === null ? NOT_AVAILABLE : `${'★'.repeat(stars)}${'☆'.repeat(Math.max(0, 5 - stars))} ${stars} of 5`;

function scoreColumns(table: ReportTable): PrintedColumn[] {
  const at = (header: string) => columnOf(table, header);
  const [part, stars, value, unit, reference, next] = [
    at('Part'),
    at('Stars'),
    at('Value'),
    at('Unit'),
    at('Reference'),
    at('Next star'),
  ];
  return [
    { header: 'Part', width: 0.12, align: 'left', text: (r) => plain(r[part]) },
    { header: 'Stars', width: 0.17, align: 'left', text: (r) => starsText(num(r[stars])) },
    {
      header: 'Value',
      width: 0.11,
      align: 'right',
      text: (r) => (r[value] === null ? '' : `${orNa(r[value], quantity)} ${plain(r[unit])}`.trim()),
    },
    { header: 'Reference', width: 0.35, align: 'left', text: (r) => plain(r[reference]) },
    { header: 'Next star', width: 0.25, align: 'left', text: (r) => plain(r[next]) },
  ];
}

function columnsOf(table: ReportTable, currency: string): PrintedColumn[] {
  if (table.id === 'summary') return summaryColumns(table, currency);
  if (table.id === 'savings') return savingsColumns(table, currency);
  if (table.id === 'score') return scoreColumns(table);
  const plan = PLANS[table.id];
  if (plan) return planned(table, plan, currency);
  // A table added to the shared definition prints as text until it gets a plan.
  return planned(
    table,
    table.header.map((header) => [header, 'text', 1 / table.header.length]),
    currency,
  );
}

function notes(report: ReportAnswer): Partial<Record<ReportTable['id'], string | null>> {
  const factor =
    report.emissions.factor === null
      ? `Emissions: ${NOT_AVAILABLE} (${report.emissions.source})`
      : `Emissions at ${report.emissions.factor} kg CO2e per kWh (${report.emissions.source})`;
  const lastYear = report.lastYear.completeness;
  return {
    summary: [
      `Expected: ${report.expected.coverage}.`,
      `Last year: ${report.lastYear.from} to ${report.lastYear.to}${lastYear === null ? '' : `, ${Math.round(lastYear * 100)} % of its readings`}.`,
      `${factor}.`,
    ].join(' '),
    'empty-use': report.emptyUse.note,
    daily: report.daily.reason,
  };
}

/** The report's tables as the PDF prints them, in the screen's order. */
export function printedTables(report: ReportAnswer): PrintedTable[] {
  const noteOf = notes(report);
  return reportTables(report).map((table) => {
    return {
      id: table.id,
      title: table.title,
      columns: columnsOf(table, report.currency),
      rows: table.rows,
      note: noteOf[table.id] ?? null,
    };
  });
}
