import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '../../../test/render';
import { AddressSearch } from './address-search';

const DOWNING = { label: '10 Downing Street, London', latitude: 51.50344, longitude: -0.1277 };

describe('the address search', () => {
  it('asks the server on Enter without submitting the form around it, and picks a found address', async () => {
    const fetch = mockFetch((url) => ({
      body: { success: true, data: url.searchParams.get('q') === '10 Downing St' ? [DOWNING] : [] },
    }));
    const onPick = vi.fn();
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    renderWithProviders(
      <form onSubmit={onSubmit}>
        <AddressSearch onPick={onPick} />
      </form>,
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Search an address in the UK' }), '10 Downing St{Enter}');
    await userEvent.click(await screen.findByRole('button', { name: DOWNING.label }));
    expect(onPick).toHaveBeenCalledWith(DOWNING);
    expect(onSubmit).not.toHaveBeenCalled();
    const url = new URL(String(fetch.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.pathname).toBe('/api/map/geocode');

    await userEvent.clear(screen.getByRole('textbox', { name: 'Search an address in the UK' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Search an address in the UK' }), 'Atlantis');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No address found in the UK.')).toBeInTheDocument();
  });

  it("shows the server's message when the search fails", async () => {
    const message = 'The address search is not available right now. Pick the point on the map.';
    mockFetch(() => ({ status: 503, body: { success: false, error: message } }));
    renderWithProviders(<AddressSearch onPick={vi.fn()} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Search an address in the UK' }), 'Leeds{Enter}');
    await waitFor(() => expect(screen.getByText(message)).toBeInTheDocument());
  });
});
