import type { ScoreAnswer } from '@greenpod/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderWithProviders } from '../../../test/render';
import { ScoreButton } from './score-button';

const ANSWER: ScoreAnswer = {
  stars: 3,
  reason: null,
  completeness: 0.984,
  computed: '2026-11-20 12:00:00',
  parts: [
    {
      part: 'energy',
      stars: 2,
      value: 12,
      unit: '%',
      reference: 'Claimed savings against the baselines over the last 30 days: one star per full 5 % saved',
      next: 'Save 3 % more than the baseline: 15 % earns 3 stars (now 12 %)',
      note: null,
      tipTags: ['ELECTRICITY', 'WATER_FLOW'],
    },
    {
      part: 'comfort',
      stars: 5,
      value: 97,
      unit: '%',
      reference: 'EN 16798-1 category II',
      next: null,
      note: 'No motion sensor: 07:00-22:00 (Asia/Dubai) counted as occupied',
      tipTags: ['TEMPERATURE', 'HUMIDITY', 'AIR_QUALITY'],
    },
  ],
};

function show(score: number | null, reason: string | null = null) {
  const fetch = mockFetch(() => ({ body: { success: true, data: ANSWER } }));
  renderWithProviders(
    <MemoryRouter>
      <ScoreButton level="area" id={11} score={score} reason={reason} />
    </MemoryRouter>,
  );
  return fetch;
}

describe('ScoreButton', () => {
  it('fetches the parts only when opened, and lists each with its stars, figure, next star, tips and note', async () => {
    const fetch = show(3);
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Score: 3 of 5 stars. Show how it is made' }));
    const energy = await screen.findByRole('region', { name: 'Energy' });
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/api/score?areaId=11');
    expect(within(energy).getByLabelText('Energy: 2 of 5 stars')).toBeInTheDocument();
    expect(energy).toHaveTextContent('12 %');
    expect(energy).toHaveTextContent('Next star: Save 3 % more than the baseline: 15 % earns 3 stars (now 12 %).');
    expect(within(energy).getByRole('link', { name: 'Tips that help' })).toHaveAttribute(
      'href',
      '/tips?tags=ELECTRICITY,WATER_FLOW',
    );
    const comfort = screen.getByRole('region', { name: 'Comfort' });
    expect(comfort).toHaveTextContent('No motion sensor: 07:00-22:00 (Asia/Dubai) counted as occupied');
    expect(within(comfort).queryByRole('link')).toBeNull();
    expect(screen.getByText(/3 of 5 stars: the rounded mean of its parts; readings 98 % complete/)).toBeInTheDocument();
  });

  it('says a note two parts share once, after the parts, naming both', async () => {
    const note = 'No motion sensor: 07:00-22:00 (Asia/Dubai) counted as occupied';
    const waste = { ...ANSWER.parts[1], part: 'waste', reference: 'Electricity used in unoccupied hours' } as const;
    mockFetch(() => ({ body: { success: true, data: { ...ANSWER, parts: [...ANSWER.parts, waste] } } }));
    renderWithProviders(
      <MemoryRouter>
        <ScoreButton level="area" id={11} score={3} reason={null} />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: /Score: 3 of 5 stars/ }));
    await screen.findByRole('region', { name: 'Waste' });
    expect(screen.getAllByText(new RegExp(note.replace(/[()]/g, '\\$&')))).toHaveLength(1);
    expect(screen.getByText(`Comfort and Waste: ${note}`)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Comfort' })).not.toHaveTextContent(note);
  });

  it('opens from the keyboard and closes with Escape, focus back on the stars', async () => {
    show(3);
    await userEvent.tab();
    const button = screen.getByRole('button', { name: /Score: 3 of 5 stars/ });
    expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('region', { name: 'Energy' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Energy' })).toBeNull();
    expect(button).toHaveFocus();
  });

  it('shows N/A with its reason when there is no score, and fetches nothing', async () => {
    const fetch = show(null, 'Readings cover 72 % of the last 30 days; at least 90 % are needed');
    const na = screen.getByLabelText('Score: N/A. Readings cover 72 % of the last 30 days; at least 90 % are needed');
    expect(na).toHaveTextContent('N/A');
    // A tap or Enter shows the reason (a phone has no hover).
    await userEvent.click(na);
    expect(await screen.findByLabelText('Why there is no green score')).toHaveTextContent('Readings cover 72 %');
    expect(fetch).not.toHaveBeenCalled();
  });
});
