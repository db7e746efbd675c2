import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '../../../test/render';
import { DashboardChart } from './dashboard-chart';
import type { DashboardChartProps } from './dashboard-chart-props';

// jsdom has no canvas: uPlot is replaced at that boundary by a recorder of what the chart asks of it.
const plots = vi.hoisted(() => ({ created: 0, setData: [] as unknown[][], setSeries: [] as unknown[] }));
// The range helpers stay real: web tests share one module registry (isolate: false), so another file's
// pure use of uPlot.rangeNum may meet this mock.
vi.mock('uplot', async (importOriginal) => {
  const real = ((await importOriginal()) as { default: { rangeNum: unknown } }).default;
  class FakePlot {
    static rangeNum = real.rangeNum;
    static tzDate = (d: Date) => d;
    static paths = { bars: () => () => null, linear: () => () => null };
    series: { show: boolean }[];
    width: number;
    constructor(opts: { series: { show?: boolean }[]; width: number }) {
      plots.created += 1;
      this.series = opts.series.map((s) => ({ show: s.show !== false }));
      this.width = opts.width;
    }
    setData(data: unknown[]) {
      plots.setData.push(data);
    }
    setSeries(i: number, o: { show: boolean }) {
      plots.setSeries.push([i, o]);
      const s = this.series[i];
      if (s) s.show = o.show;
    }
    setSize() {}
    redraw() {}
    destroy() {}
  }
  return { default: FakePlot };
});

const graph = {
  TEMPERATURE: [
    [20.5, '2026-11-25 10:00:00'],
    [21, '2026-11-25 10:05:00'],
  ],
  HUMIDITY: [[40, '2026-11-25 10:00:00']],
};

function Harness(props: Partial<DashboardChartProps>) {
  const [mode, setMode] = useState<DashboardChartProps['window']['mode']>('day');
  const [kind, setKind] = useState<'bar' | 'area'>('bar');
  const [compare, setCompare] = useState(false);
  const [sensorType, setSensorType] = useState('TEMPERATURE');
  return (
    <>
      <button type="button" onClick={() => setSensorType('HUMIDITY')}>
        Humidity please
      </button>
      <button type="button" onClick={() => setMode('year')}>
        Year please
      </button>
      <DashboardChart
        place={{ locationId: 3 }}
        window={{ mode }}
        sensorType={sensorType}
        kind={kind}
        onKindChange={setKind}
        comparePrevious={compare}
        onComparePreviousChange={setCompare}
        liveVersion={0}
        {...props}
      />
    </>
  );
}

// The chart's code loads lazily; on a busy machine its first import takes longer than waitFor's second.
const drawn = () => waitFor(() => expect(plots.created).toBe(1), { timeout: 12_000 });

beforeEach(() => {
  plots.created = 0;
  plots.setData = [];
  plots.setSeries = [];
  localStorage.setItem('greenpod_timeZone', 'Europe/London');
});

describe('DashboardChart', () => {
  it('shows the title and subtitle, then draws the series once loaded', async () => {
    const fetch = mockFetch(() => ({ body: { success: true, data: graph } }));
    renderWithProviders(<Harness />);
    expect(screen.getByRole('heading', { name: 'Temperature' })).toBeInTheDocument();
    expect(screen.getByText('Today')).toBeInTheDocument();
    await drawn();
    const url = fetch.mock.calls[0]?.[0] as string;
    expect(url).toContain('/api/graph?');
    expect(url).toContain('mode=day');
    expect(url).toContain('tz=Europe%2FLondon');
    expect(url).toContain('locationId=3');
    expect(screen.getByRole('img', { name: 'Temperature · Today' })).toBeInTheDocument();
  });

  it('fetches the other tabs once the chart is drawn, so a tab change draws from the cache', async () => {
    const fetch = mockFetch(() => ({ body: { success: true, data: graph } }));
    renderWithProviders(<Harness />);
    await drawn();
    const modes = () => fetch.mock.calls.map(([input]) => new URL(String(input), 'http://x').searchParams.get('mode'));
    await waitFor(() => expect(modes()).toEqual(['day', 'week', 'month', 'year']), { timeout: 12_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Year please' }));
    expect(screen.getByRole('region', { name: 'Chart' })).toHaveAttribute('aria-busy', 'false');
    expect(screen.getByText('This year')).toBeInTheDocument();
    expect(modes().filter((m) => m === 'year')).toHaveLength(1);
  });

  it('changes the sensor type (setData) and the kind (redraw) on the same chart, not a new one', async () => {
    mockFetch(() => ({ body: { success: true, data: graph } }));
    renderWithProviders(<Harness />);
    await drawn();
    await userEvent.click(screen.getByRole('button', { name: 'Humidity please' }));
    await waitFor(() => expect(plots.setData.at(-1)?.[1]).toEqual([40]));
    expect(screen.getByRole('heading', { name: 'Humidity' })).toBeInTheDocument();
    await userEvent.click(screen.getByText('Area'));
    expect(screen.getByRole('radio', { name: 'Area' })).toBeChecked();
    expect(plots.created).toBe(1);
  });

  it('says "No Data Found" when the sensor has no points', async () => {
    mockFetch(() => ({ body: { success: true, data: {} } }));
    renderWithProviders(<Harness />);
    expect(await screen.findByText('No Data Found', {}, { timeout: 12_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'CSV' })).toBeDisabled();
  });

  it('offers a retry after an error', async () => {
    let fail = true;
    mockFetch(() =>
      fail ? { status: 500, body: { success: false, error: 'boom' } } : { body: { success: true, data: graph } },
    );
    renderWithProviders(<Harness />);
    expect(await screen.findByText('The chart could not be loaded.', {}, { timeout: 12_000 })).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await drawn();
  });

  it('asks for the previous period with explicit wire times and shows it on the same chart', async () => {
    const fetch = mockFetch(() => ({ body: { success: true, data: graph } }));
    renderWithProviders(<Harness />);
    await drawn();
    const button = screen.getByRole('button', { name: 'Previous period' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    const url = new URL(fetch.mock.calls[1]?.[0] as string, 'http://localhost');
    expect(url.searchParams.get('fromValue')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(url.searchParams.get('toValue')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(url.searchParams.get('mode')).toBeNull();
    expect(plots.setSeries).toContainEqual([2, { show: true }]);
    expect(plots.created).toBe(1);
    expect(screen.getByText('Yesterday')).toBeInTheDocument();
  });

  it('downloads the shown series as CSV', async () => {
    mockFetch(() => ({ body: { success: true, data: graph } }));
    const blobs: Blob[] = [];
    // jsdom has no object URLs; stubbed for this test only.
    const { createObjectURL, revokeObjectURL } = URL;
    onTestFinished(() => {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    });
    URL.createObjectURL = vi.fn((b: Blob) => {
      blobs.push(b);
      return 'blob:chart';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderWithProviders(<Harness />);
    await drawn();
    await userEvent.click(screen.getByRole('button', { name: 'CSV' }));
    expect(click).toHaveBeenCalledOnce();
    const bytes = new Uint8Array((await blobs[0]?.arrayBuffer()) ?? new ArrayBuffer(0));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the UTF-8 byte order mark
    const text = await blobs[0]?.text();
    expect(text).toBe('Time (Europe/London),Temperature (°C)\r\n2026-11-25 10:00,20.5\r\n2026-11-25 10:05,21\r\n');
  });
});
