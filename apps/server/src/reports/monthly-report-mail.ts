import { money, quantity, type ReportAnswer, savedText } from '@greenpod/contracts';
import type { Mail } from '../mail/mailer';

export interface MonthlyReportRecipient {
  email: string;
  firstName: string;
}

/** /reports opened on the report's location and month (the page's own query parameters). */
export function reportPageUrl(baseUrl: string, locationId: number, month: { from: string; to: string }): string {
  const q = new URLSearchParams({ location: String(locationId), period: 'month', from: month.from, to: month.to });
  return `${baseUrl}/reports?${q}`;
}

const figure = (value: number | null, unit: string) => (value === null ? 'not measured' : `${quantity(value)} ${unit}`);
const against = (value: number | null, unit: string, what: string) =>
  value === null ? '' : ` (${what} ${quantity(value)} ${unit})`;

/** The headline figures in plain words, the same ones the PDF opens with. */
function headline(r: ReportAnswer): string[] {
  const lines = [
    `Electricity: ${figure(r.totals.electricityKwh, 'kWh')}${against(r.expected.electricityKwh, 'kWh', 'expected')}`,
    `Water: ${figure(r.totals.waterLitres, 'L')}${against(r.expected.waterLitres, 'L', 'expected')}`,
    `Cost: ${r.totals.cost === null ? 'not known' : money(r.totals.cost, r.currency)}`,
    `Emissions: ${figure(r.totals.emissionsKg, 'kg CO2e')}`,
  ];
  for (const t of r.savings.totals) {
    const value = t.valueFlat === null ? '' : ` (${money(t.valueFlat, r.currency)})`;
    lines.push(`${savedText(t)}${value}`);
  }
  lines.push(
    `Green score: ${r.score.stars === null ? (r.score.reason ?? 'not scored') : `${r.score.stars} of 5 stars`}`,
  );
  return lines;
}

/** The monthly report's mail: subject, the headline figures, a link to the page, and the PDF attached. */
export function monthlyReportMail(
  to: MonthlyReportRecipient,
  report: ReportAnswer,
  pdf: Buffer,
  links: { report: string; settings: string },
): Mail {
  const place = report.scope.title;
  const label = report.period.label;
  const text = [
    `Hello ${to.firstName},`,
    '',
    `Here is the report of ${report.scope.path} for ${label}, attached as a PDF.`,
    '',
    ...headline(report),
    '',
    `See it on the reports page: ${links.report}`,
    '',
    `You get this mail because you subscribed to this location's monthly report. To stop it, turn it off in Settings: ${links.settings}`,
  ].join('\n');
  return {
    to: to.email,
    subject: `Greenpod report: ${place} - ${label}`,
    text,
    attachment: { filename: pdfName(place, report.period.from), contentType: 'application/pdf', content: pdf },
  };
}

/** "greenpod-report-covent-garden-2026-11.pdf": a name every mail client and file system takes. */
function pdfName(place: string, from: string): string {
  const slug = place
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-')
    .slice(0, 60);
  return `greenpod-report-${slug ? `${slug}-` : ''}${from.slice(0, 7)}.pdf`;
}
