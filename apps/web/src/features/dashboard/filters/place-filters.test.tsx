import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { listParams, mockFetch, renderWithProviders } from '../../../test/render';
import type { Place } from '../dashboard-state';
import { PlaceFilters } from './place-filters';

const ROWS: Record<string, { id: number; title: string; locationId?: number; areaId?: number }[]> = {
  location: [
    { id: 1, title: 'Hotel One' },
    { id: 2, title: 'Hotel Two' },
  ],
  area: [
    { id: 11, title: 'Lobby', locationId: 1 },
    { id: 21, title: 'Bar', locationId: 2 },
  ],
  pod: [{ id: 111, title: 'Pod 111', areaId: 11 }],
};

function serve() {
  return mockFetch((url) => {
    const entity = url.pathname.replace('/api/', '');
    const filter = (listParams(url).fetchParams ?? {}) as Record<string, number>;
    const rows = (ROWS[entity] ?? []).filter((r) =>
      Object.entries(filter).every(([k, v]) => (r as Record<string, unknown>)[k] === v),
    );
    return { body: { success: true, data: rows, paging: { skip: 0, limit: 1000, total: rows.length } } };
  });
}

function show(place: Place) {
  const onPlace = vi.fn();
  const onSensor = vi.fn();
  renderWithProviders(<PlaceFilters place={place} sensor="ELECTRICITY" onPlace={onPlace} onSensor={onSensor} />);
  return { onPlace, onSensor };
}
// A filter's name is its purpose, then what it shows ("Location: All Locations").
const filter = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}: `) });

describe('PlaceFilters', () => {
  it('waits for a location before areas, and for an area before pods', () => {
    serve();
    show({});
    expect(filter('Location')).toHaveTextContent('All Locations');
    expect(filter('Area')).toBeDisabled();
    expect(filter('Pod')).toBeDisabled();
  });

  it('offers the areas of the chosen location and clears what was below it', async () => {
    serve();
    const { onPlace } = show({ locationId: 1, areaId: 11, podId: 111 });
    expect(filter('Area')).toBeEnabled();
    expect(filter('Pod')).toBeEnabled();
    await userEvent.click(filter('Location'));
    await userEvent.click(await screen.findByRole('option', { name: 'Hotel Two' }));
    expect(onPlace).toHaveBeenLastCalledWith({ locationId: 2 });

    await userEvent.click(filter('Area'));
    expect(await screen.findByRole('option', { name: 'Lobby' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Bar' })).toBeNull();
    await userEvent.click(screen.getByRole('option', { name: 'All Areas' }));
    expect(onPlace).toHaveBeenLastCalledWith({ locationId: 1, areaId: undefined });
  });

  it('keeps the parents when a pod is chosen, and All Locations clears everything', async () => {
    serve();
    const { onPlace } = show({ locationId: 1, areaId: 11 });
    await userEvent.click(filter('Pod'));
    await userEvent.click(await screen.findByRole('option', { name: 'Pod 111' }));
    expect(onPlace).toHaveBeenLastCalledWith({ locationId: 1, areaId: 11, podId: 111 });
    await userEvent.click(filter('Location'));
    await userEvent.click(await screen.findByRole('option', { name: 'All Locations' }));
    expect(onPlace).toHaveBeenLastCalledWith({ locationId: undefined });
  });

  it('chooses a sensor type', async () => {
    serve();
    const { onSensor } = show({});
    await userEvent.click(filter('Sensor type'));
    await userEvent.click(await screen.findByRole('option', { name: 'Humidity' }));
    expect(onSensor).toHaveBeenCalledWith('HUMIDITY');
  });
});
