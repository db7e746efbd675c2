import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderWithProviders } from '../../../test/render';
import type { Card } from '../dashboard-api';
import { DashboardCard, type DashboardCardProps } from './dashboard-card';

const card = (over: Partial<Card> = {}): Card => ({
  id: 4,
  title: 'Aurora Marina',
  areaCount: 3,
  podCount: 7,
  offlinePodCount: 0,
  score: null,
  scoreReason: null,
  readings: [
    { sensorType: 'ELECTRICITY', avg: 2, voltage: 230 },
    { sensorType: 'WATER_FLOW', avg: 0.8, voltage: 230 },
    { sensorType: 'TEMPERATURE', avg: 21.4, voltage: 230 },
    { sensorType: 'AIR_QUALITY', avg: 450, voltage: 230 },
  ],
  notificationMargin: 10,
  limits: [
    { sensorType: 'TEMPERATURE', condition: 'greater', threshold: 21 },
    { sensorType: 'WATER_FLOW', condition: 'greater', threshold: 0.85 },
  ],
  ...over,
});

function show(props: Partial<DashboardCardProps> = {}) {
  return renderWithProviders(
    <MemoryRouter>
      <DashboardCard card={card()} level="location" {...props} />
    </MemoryRouter>,
  );
}
const tile = (name: RegExp) => screen.getByRole('group', { name });

describe('DashboardCard', () => {
  it('shows the title, the counts and N/A for a score that does not exist yet', () => {
    show();
    expect(screen.getByRole('heading', { name: 'Aurora Marina' })).toBeInTheDocument();
    expect(screen.getByText('3 areas · 7 pods')).toBeInTheDocument();
    expect(screen.getByLabelText('Score: N/A. No score yet: it is computed every 15 minutes')).toHaveTextContent('N/A');
  });

  it('shows how many of its pods are offline, and nothing while all report', () => {
    const { unmount } = show({ card: card({ offlinePodCount: 2 }) });
    expect(screen.getByText('2 offline')).toBeInTheDocument();
    unmount();
    show({ card: card({ offlinePodCount: 0 }) });
    expect(screen.queryByText(/offline/i)).toBeNull();
  });

  it('shows a score as stars', () => {
    show({ card: card({ score: 4 }) });
    expect(screen.getByRole('button', { name: 'Score: 4 of 5 stars. Show how it is made' })).toBeInTheDocument();
  });

  it('shows each value with the spec formula and its unit, and the voltage on electricity', () => {
    show();
    expect(tile(/^Electricity/)).toHaveTextContent('5.52KW/h230 V');
    expect(tile(/^Water Flow/)).toHaveTextContent('9.6L/h');
    expect(tile(/^Temperature/)).toHaveTextContent('21°C');
    expect(within(tile(/^Temperature/)).queryByText(/V$/)).toBeNull();
  });

  it('colours each gauge by its state: neutral without a rule, amber close, red exceeded', () => {
    show();
    expect(tile(/^Temperature/)).toHaveAttribute('data-state', 'exceeded');
    expect(tile(/^Temperature/)).toHaveAccessibleName('Temperature: 21 °C, Limit exceeded');
    expect(tile(/^Air Quality/)).toHaveAttribute('data-state', 'exceeded');
    expect(tile(/^Water Flow/)).toHaveAttribute('data-state', 'close');
    expect(tile(/^Electricity/)).toHaveAttribute('data-state', 'none');
    expect(tile(/^Humidity/)).toHaveAttribute('data-state', 'missing');
  });

  it('fills each dial by the value on its sensor range, in the colour of its state', () => {
    show();
    // Mantine draws the filled half circle with a dash offset proportional to the value.
    const dial = (name: RegExp) => {
      const root = tile(name).querySelector<HTMLElement>('.mantine-SemiCircleProgress-root');
      const filled = tile(name).querySelector<SVGElement>('.mantine-SemiCircleProgress-filledSegment');
      const length = Number(filled?.getAttribute('stroke-dasharray'));
      return {
        color: root?.style.getPropertyValue('--scp-filled-segment-color'),
        percent: Math.round((Number.parseFloat(filled?.style.strokeDashoffset ?? '') / length) * 1000) / 10,
      };
    };
    expect(dial(/^Temperature/)).toEqual({ color: 'var(--mantine-color-red-filled)', percent: 48.8 }); // (21 + 40) / 125
    expect(dial(/^Electricity/)).toEqual({ color: 'var(--tile-neutral)', percent: 27.6 }); // 5.52 / 20
    expect(dial(/^Air Quality/)).toEqual({ color: 'var(--mantine-color-red-filled)', percent: 100 });
    expect(dial(/^Water Flow/)).toEqual({ color: 'var(--mantine-color-yellow-filled)', percent: 32 }); // 9.6 / 30
  });

  it('reads N/A with muted tiles, never red, when the card has no readings', () => {
    show({ card: card({ readings: [] }) });
    expect(screen.getByText('N/A: no readings in this time window.')).toBeInTheDocument();
    const tiles = screen.getAllByRole('group');
    expect(tiles).toHaveLength(8);
    for (const t of tiles) {
      expect(t).toHaveTextContent('N/A');
      expect(t).toHaveAttribute('data-state', 'missing');
    }
  });

  it('highlights a value a live reading moved, not one shown for the first time', async () => {
    function Harness() {
      const [avg, setAvg] = useState(21);
      return (
        <MemoryRouter>
          <button type="button" onClick={() => setAvg(23)}>
            move
          </button>
          <DashboardCard card={card({ readings: [{ sensorType: 'TEMPERATURE', avg, voltage: 230 }] })} level="pod" />
        </MemoryRouter>
      );
    }
    renderWithProviders(<Harness />);
    const value = () => tile(/^Temperature/).querySelector('[data-moved]');
    expect(value()).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'move' }));
    expect(value()).toHaveTextContent('23°C');
  });

  it('leads down with its button, right where the page says', () => {
    show({ action: { label: 'See Areas', href: '/location/4' } });
    expect(screen.getByRole('link', { name: 'See Areas' })).toHaveAttribute('href', '/location/4');
  });

  it('has no button where the page gives none', () => {
    show();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows the weather once it is known, and nothing when there is none', async () => {
    mockFetch((url) => ({
      body: {
        success: true,
        data:
          url.searchParams.get('locationId') === '4'
            ? {
                city: 'Dubai',
                temperature: 31.4,
                condition: 'Sunny',
                forecast: { condition: 'Cloudy', min: 27, max: 33 },
              }
            : null,
      },
    }));
    show({ weatherLocationId: 4 });
    expect(await screen.findByText('31 °C')).toBeInTheDocument();
    expect(screen.getByText(/Tomorrow Cloudy, 27–33 °C/)).toBeInTheDocument();
  });

  it('shows no placeholder number while the weather is unknown', async () => {
    const fetch = mockFetch(() => ({ body: { success: true, data: null } }));
    show({ weatherLocationId: 5 });
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByText(/\d °C/)).toBeNull();
  });
});
