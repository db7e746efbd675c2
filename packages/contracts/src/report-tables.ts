import type { CsvCell } from './csv';
import type { ReportAnswer } from './report';
import { SCORE_PART_LABELS } from './savings';
import { SENSOR_LABELS } from './sensor-types';

/**
 * The report's tables, defined once: the CSV writes their cells as they are, the PDF and the /reports screen format
 * them, so the three show the same figures (docs/domain.md#reports). A number cell is the answer's own figure
 * (money already rounded to the cent); null is an empty cell.
 */
export interface ReportTable {
  id: 'summary' | 'cost' | 'savings' | 'score' | 'notifications' | 'rules' | 'empty-use' | 'completeness' | 'daily';
  title: string;
  header: string[];
  rows: CsvCell[][];
}

/** The summary's rows: this period, expected and last year side by side. */
function summary(r: ReportAnswer): ReportTable {
  const row = (label: string, unit: string, key: keyof ReportAnswer['totals']): CsvCell[] => [
    label,
    unit,
    r.totals[key],
    r.expected[key],
    r.lastYear[key],
  ];
  return {
    id: 'summary',
    title: 'Summary',
    header: ['Figure', 'Unit', 'This period', 'Expected', 'Last year'],
    rows: [
      row('Electricity', 'kWh', 'electricityKwh'),
      row('Water', 'L', 'waterLitres'),
      row('Cost', r.currency, 'cost'),
      row('Emissions', 'kg CO2e', 'emissionsKg'),
    ],
  };
}

export function reportTables(r: ReportAnswer): ReportTable[] {
  return [
    summary(r),
    {
      id: 'cost',
      title: 'Cost',
      header: ['Part', 'Amount', 'Currency'],
      rows: [
        ['Electricity', r.cost.electricity, r.currency],
        ['Water', r.cost.water, r.currency],
        ['Standing charges', r.cost.standing, r.currency],
        ['Total', r.totals.cost, r.currency],
      ],
    },
    {
      id: 'savings',
      title: 'Savings',
      header: [
        'Area',
        'Pod',
        'Sensor type',
        'Unit',
        'Expected',
        'Actual',
        'Saved',
        'Uncertainty (+/-)',
        'Saved (money)',
        'Uncertainty (money, +/-)',
        'Percentage',
        'Stars',
        'Method',
        'Status',
        'Reason',
      ],
      rows: r.savings.rows.map((s) => [
        s.areaTitle,
        s.podTitle,
        SENSOR_LABELS[s.sensorType],
        s.unit,
        s.expected,
        s.actual,
        s.avoided,
        s.uncertainty,
        s.valueFlat,
        s.uncertaintyFlat,
        s.valuePercentage,
        s.stars,
        s.method,
        s.status,
        s.reason,
      ]),
    },
    {
      id: 'score',
      title: 'Green score',
      header: ['Part', 'Stars', 'Value', 'Unit', 'Reference', 'Next star'],
      rows: [
        ['Overall', r.score.stars, null, null, r.score.reason ?? r.score.covers, null],
        ...r.score.parts.map((p) => [SCORE_PART_LABELS[p.part], p.stars, p.value, p.unit, p.reference, p.next]),
      ],
    },
    {
      id: 'notifications',
      title: 'Notifications by severity',
      header: ['Severity', 'Notifications'],
      rows: [...r.notifications.bySeverity.map((s) => [s.severity, s.count]), ['Total', r.notifications.total]],
    },
    {
      id: 'rules',
      title: 'Noisiest rules',
      header: ['Rule', 'Pod', 'Notifications'],
      rows: r.notifications.noisiestRules.map((n) => [n.title, n.podTitle, n.count]),
    },
    {
      id: 'empty-use',
      title: 'Use while empty',
      header: ['Figure', 'Used while empty', 'Unit', 'Share (%)'],
      rows: [
        ['Electricity', r.emptyUse.electricityKwh, 'kWh', r.emptyUse.electricityShare],
        ['Water', r.emptyUse.waterLitres, 'L', r.emptyUse.waterShare],
      ],
    },
    {
      id: 'completeness',
      title: 'Completeness',
      header: ['Location', 'Area', 'Pod', 'Complete days', 'Days', 'Completeness (%)'],
      rows: r.completeness.map((c) => [
        c.locationTitle,
        c.areaTitle,
        c.podTitle,
        c.completeDays,
        c.days,
        Math.round(c.completeness * 1000) / 10,
      ]),
    },
    {
      id: 'daily',
      title: `Daily ${SENSOR_LABELS[r.daily.sensorType].toLowerCase()} (${r.daily.unit})`,
      header: ['Date', 'Expected', 'Expected low (90 %)', 'Expected high (90 %)', 'Actual', 'Cumulative saving'],
      rows: r.daily.days.map((d) => [d.date, d.expected, d.low, d.high, d.actual, d.cusum]),
    },
  ];
}

/** The report as CSV cells: a title block, then one section per table (its title, its header row, its rows). */
export function reportCsvRows(r: ReportAnswer): CsvCell[][] {
  const head: CsvCell[][] = [
    ['Report', r.scope.path],
    ['Period', r.period.label, r.period.from, r.period.to],
    ['Time zone', r.period.timeZone],
    ['Currency', r.currency],
    ['Grid factor (kg CO2e per kWh)', r.emissions.factor, r.emissions.source],
    ['Generated', r.generated],
  ];
  return [...head, ...reportTables(r).flatMap((t) => [[], [t.title], t.header, ...t.rows])];
}
