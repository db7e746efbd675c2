import { writeFileSync } from 'node:fs';
import { money, quantity, type ReportAnswer, reportAnswer } from '@greenpod/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderReportPdf } from './index';
import { OPS, type ReadPage, readPdf } from './read-pdf';
import { bareReportFixture, largeReportFixture, logoPng, reportFixture } from './report-fixture';

const look = { clientTitle: 'Aurora Hotels Group', primaryColour: '#1c6e8c', logo: null };
const all = (pages: ReadPage[]) => pages.map((p) => p.text).join(' ');
const images = (page: ReadPage) =>
  page.ops.filter((op) => op === OPS.paintImageXObject || op === OPS.paintInlineImageXObject).length;

/** The four totals as the screen writes them, from the answer's own figures. */
function totalsText(r: ReportAnswer): string[] {
  const { electricityKwh, waterLitres, cost, emissionsKg } = r.totals;
  if (electricityKwh === null || waterLitres === null || cost === null || emissionsKg === null)
    throw new Error('fixture');
  return [
    `${quantity(electricityKwh)} kWh`,
    `${quantity(waterLitres)} L`,
    money(cost, r.currency),
    `${quantity(emissionsKg)} kg CO2e`,
  ];
}

describe('renderReportPdf: a location month', () => {
  const report = reportFixture();
  let bytes: Buffer;
  let pages: ReadPage[];
  let title: string | null;
  beforeAll(async () => {
    bytes = await renderReportPdf(report, look);
    // Left in /tmp to open and look at: the tests read text and operators, not how it looks.
    writeFileSync('/tmp/report-sample.pdf', bytes);
    ({ pages, title } = await readPdf(bytes));
  });

  it('is A4 with page numbers on every page', () => {
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      expect(page.width).toBeCloseTo(595.28, 0);
      expect(page.height).toBeCloseTo(841.89, 0);
      expect(page.text).toContain(`Page ${i + 1} of ${pages.length}`);
      expect(page.text).toContain('Aurora Hotels / Covent Garden · November 2026');
    });
    expect(title).toBe('Report: Aurora Hotels / Covent Garden, November 2026');
  });

  it('holds the totals the answer gives, to the cent, on page 1 and in the tables', () => {
    expect(totalsText(report)).toEqual(['11,328 kWh', '130,200 L', '£3,527.46', '1,405 kg CO2e']);
    for (const figure of totalsText(report)) expect(pages[0]?.text).toContain(figure);
    const text = all(pages);
    for (const amount of [report.cost.electricity, report.cost.water, report.cost.standing, report.expected.cost]) {
      expect(text).toContain(money(amount ?? Number.NaN, 'GBP'));
    }
    expect(text).toContain('Saved 514 kWh +/- 51.1 kWh, 4.3 %, worth £145.70');
  });

  it('writes the header: the period, its dates, the time zone and when it was made', () => {
    const first = pages[0]?.text ?? '';
    expect(first).toContain('Report Aurora Hotels / Covent Garden');
    expect(first).toContain('November 2026 · 2026-11-01 to 2026-11-30 · 30 days');
    expect(first).toContain('Time zone Europe/London');
    expect(first).toContain('Generated 1 Dec 2026, 06:05');
  });

  it('names every pod, the score parts and the noisiest rules', () => {
    const text = all(pages);
    for (const c of report.completeness) expect(text).toContain(c.podTitle);
    expect(text).toContain('★★★★☆ 4 of 5');
    expect(text).toContain('EN 16798-1 category II');
    expect(text).toContain('Kitchen fridge above 8 degC');
  });

  it('embeds its fonts (TrueType subsets) and uses none of the standard 14', () => {
    const raw = bytes.toString('latin1');
    const descriptors = raw.match(/\/Type \/FontDescriptor/g)?.length ?? 0;
    expect(descriptors).toBe(2);
    expect(raw.match(/\/FontFile2/g)?.length).toBe(descriptors);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans-Bold/);
    expect(raw).not.toMatch(/\/BaseFont \/(Helvetica|Times|Courier)/);
  });

  it('draws its charts as vector paths, with no image but the logo', () => {
    const ops = pages[0]?.ops ?? [];
    expect(ops.filter((op) => op === OPS.constructPath).length).toBeGreaterThan(20);
    expect(ops).toContain(OPS.fill);
    expect(ops).toContain(OPS.stroke);
    expect(pages.map(images)).toEqual(pages.map(() => 0));
    expect(pages[0]?.text).toContain('Expected against actual');
    expect(pages[0]?.text).toContain('Running sum of savings');
    // Without a logo the client's title is the wordmark, in its primary colour.
    expect(pages[0]?.text).toContain('Aurora Hotels Group');
    expect(pages[0]?.fillColours).toContain('#1c6e8c');
  });

  it('is the same bytes for the same answer', async () => {
    expect((await renderReportPdf(report, look)).equals(bytes)).toBe(true);
  });
});

describe('renderReportPdf: the client look', () => {
  it('draws the logo (one image, on page 1) in place of the wordmark', async () => {
    const { pages } = await readPdf(await renderReportPdf(reportFixture(), { ...look, logo: logoPng() }));
    expect(pages.map(images)).toEqual(pages.map((_, i) => (i === 0 ? 1 : 0)));
    expect(pages[0]?.text).not.toContain('Aurora Hotels Group');
  });

  it('writes the wordmark when the logo is not an image pdfkit reads (an SVG)', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
    const { pages } = await readPdf(await renderReportPdf(reportFixture(), { ...look, logo: svg }));
    expect(pages.map(images).every((n) => n === 0)).toBe(true);
    expect(pages[0]?.text).toContain('Aurora Hotels Group');
  });

  it("falls back to Greenpod's green for a colour that is not #rrggbb", async () => {
    const { pages } = await readPdf(await renderReportPdf(reportFixture(), { ...look, primaryColour: 'red' }));
    expect(pages[0]?.fillColours).toContain('#2f9e44');
  });
});

describe('renderReportPdf: what is written is inert text', () => {
  it('prints a place titled like a spreadsheet formula as plain text, with no link', async () => {
    const formula = '=HYPERLINK("http://x","y")';
    const base = reportFixture({ pods: 3 });
    const report = reportAnswer.parse({
      ...base,
      scope: { ...base.scope, title: formula, path: `Aurora Hotels / ${formula}` },
      completeness: base.completeness.map((c, i) => (i === 0 ? { ...c, podTitle: formula } : c)),
    });
    const bytes = await renderReportPdf(report, look);
    const { pages } = await readPdf(bytes);
    expect(pages[0]?.text).toContain(`Aurora Hotels / ${formula}`);
    expect(pages[0]?.text).toContain(`Aurora Hotels / ${formula} · November 2026`);
    // In the completeness table it wraps in its narrow column: the same characters, a line break in between.
    expect(all(pages).replaceAll(' ', '')).toContain(`CoventGardenGuestrooms${formula}`);
    expect(pages.every((p) => p.links === 0)).toBe(true);
    expect(bytes.toString('latin1')).not.toMatch(/\/URI|\/Link|\/JavaScript/);
  });
});

describe('renderReportPdf: nothing modelled', () => {
  it('renders N/A and says why: no baseline, no score, no grid factor, no chart', async () => {
    const report = bareReportFixture();
    const { pages } = await readPdf(await renderReportPdf(report, look));
    const text = all(pages);
    expect(pages[0]?.text).toContain('Expected N/A');
    expect(text).toContain('Expected: No pod has a measured baseline.');
    expect(text).toContain('N/A: Not enough readings in the last 30 days');
    expect(text).toContain('Emissions: N/A (No grid factor is configured and the country has no published factor)');
    // Actual is drawn alone, the reason under it; the running sum has nothing to draw.
    expect(pages[0]?.text).toContain('No pod of this place has a measured baseline');
    expect(text).toContain('No claimed saving in this period.');
    expect(text).toContain('None in this period');
  });

  it('renders a period with no days and one with a single day', async () => {
    const base = reportFixture({ pods: 1, days: 1, label: '1 Nov 2026' });
    for (const days of [[], base.daily.days]) {
      const report = reportAnswer.parse({ ...base, daily: { ...base.daily, days } });
      const { pages } = await readPdf(await renderReportPdf(report, look));
      expect(pages[pages.length - 1]?.text).toContain(`Page ${pages.length} of ${pages.length}`);
    }
  });
});

describe('renderReportPdf: a client year of 120 pods', () => {
  const report = largeReportFixture();
  let pages: ReadPage[];
  beforeAll(async () => {
    ({ pages } = await readPdf(await renderReportPdf(report, look)));
  });

  it('runs its long tables over pages, repeating title and header, and numbers every page', () => {
    expect(pages.length).toBeGreaterThan(10);
    pages.forEach((page, i) => {
      expect(page.text).toContain(`Page ${i + 1} of ${pages.length}`);
    });
    const continued = pages.filter((p) => p.text.includes('Savings (continued)'));
    expect(continued.length).toBeGreaterThan(1);
    for (const page of continued) expect(page.text).toContain('Area / pod Type Expected Actual Saved');
    const text = all(pages);
    for (const c of report.completeness) expect(text).toContain(c.podTitle);
    expect(text).toContain('2026-12-01');
  });
});
