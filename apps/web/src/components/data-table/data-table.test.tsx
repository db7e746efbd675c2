import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { DataTable } from './data-table';
import type { TableState, ViewMode } from './types';

interface Item {
  id: number;
  title: string;
}
const COLUMNS = [{ key: 'title', label: 'Title', sortable: true }];
const START: TableState = { page: 3, size: 10, searchField: '', searchWord: '', colKey: '', sortDirection: 'ASC' };

/** Holds the state like a real caller and records every change. */
function Harness({ rows, onChange, loading }: { rows: Item[]; onChange: (s: TableState) => void; loading?: boolean }) {
  const [state, setState] = useState(START);
  return (
    <DataTable
      title="Things"
      columns={COLUMNS}
      rows={rows}
      total={45}
      loading={loading}
      state={state}
      searchFields={[{ value: 'title', label: 'Title' }]}
      onStateChange={(patch) => {
        const next = { ...state, ...patch };
        setState(next);
        onChange(next);
      }}
      actions={{ onEdit: () => {}, onDelete: () => {} }}
      getRowId={(r) => String(r.id)}
    />
  );
}

describe('DataTable', () => {
  it('renders rows, actions and "Showing X of total"', () => {
    renderWithProviders(
      <Harness
        rows={[
          { id: 1, title: 'Alpha' },
          { id: 2, title: 'Beta' },
        ]}
        onChange={() => {}}
      />,
    );
    const body = screen.getAllByRole('rowgroup')[1] as HTMLElement;
    expect(within(body).getAllByRole('row')).toHaveLength(2);
    expect(screen.getByText('Alpha')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Edit' })).toHaveLength(2);
    expect(screen.getByText('Showing 2 of 45')).toBeInTheDocument();
  });

  it('says "No Data Found" when empty', () => {
    renderWithProviders(<Harness rows={[]} onChange={() => {}} />);
    expect(screen.getByText('No Data Found')).toBeInTheDocument();
  });

  it('shows a loading state', () => {
    renderWithProviders(<Harness rows={[]} loading onChange={() => {}} />);
    expect(screen.getByLabelText('Loading')).toBeInTheDocument();
    expect(screen.queryByText('No Data Found')).not.toBeInTheDocument();
  });

  it('goes back to page 1 on a search', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness rows={[{ id: 1, title: 'Alpha' }]} onChange={onChange} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'alp{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ searchWord: 'alp', page: 1 }));
  });

  it('sorts by a header and toggles ASC/DESC', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness rows={[{ id: 1, title: 'Alpha' }]} onChange={onChange} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sort by Title' }));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ colKey: 'title', sortDirection: 'ASC' }));
    await user.click(screen.getByRole('button', { name: 'Sort by Title' }));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ colKey: 'title', sortDirection: 'DESC' }));
    await user.click(screen.getByRole('button', { name: 'Sort direction DESC' }));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ sortDirection: 'ASC' }));
  });

  it('changes page size and returns to page 1', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness rows={[{ id: 1, title: 'Alpha' }]} onChange={onChange} />);
    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '20');
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ size: 20, page: 1 }));
  });
});

describe('DataTable Grid View / Map View', () => {
  function Viewed({ rows }: { rows: Item[] }) {
    const [state, setState] = useState(START);
    const [view, setView] = useState<ViewMode>('grid');
    return (
      <DataTable
        columns={COLUMNS}
        rows={rows}
        total={rows.length}
        state={state}
        onStateChange={(patch) => setState((s) => ({ ...s, ...patch }))}
        getRowId={(r) => String(r.id)}
        columnsKey="things"
        view={{ value: view, onChange: setView }}
        renderMap={(shown) => <p>Map of {shown.map((r) => r.title).join(' and ')}</p>}
      />
    );
  }

  it('draws the page of rows through the map renderer in Map View, chosen with the keyboard too', async () => {
    renderWithProviders(
      <Viewed
        rows={[
          { id: 1, title: 'Alpha' },
          { id: 2, title: 'Beta' },
        ]}
      />,
    );
    expect(screen.getByRole('table')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Grid View' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Map View' })).toBeChecked();
    expect(screen.getByText('Map of Alpha and Beta')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    // Columns are the table's: no chooser over a map. Search and paging stay.
    expect(screen.queryByRole('button', { name: 'Columns' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search' })).toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 2')).toBeInTheDocument();
  });

  it('says "No Data Found" in Map View without rows, and draws no map', async () => {
    renderWithProviders(<Viewed rows={[]} />);
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Map View' }));
    expect(screen.getByText('No Data Found')).toBeInTheDocument();
    expect(screen.queryByText(/Map of/)).not.toBeInTheDocument();
  });
});

describe('DataTable column chooser', () => {
  interface Tariff {
    id: number;
    pod: string;
    value: number;
    multiplier: number;
  }
  const TARIFF_COLUMNS = [
    { key: 'pod', label: 'Pod' },
    { key: 'value', label: 'Value' },
    { key: 'multiplier', label: 'Multiplier', defaultHidden: true },
  ];
  const ROWS: Tariff[] = [{ id: 1, pod: 'Room 101', value: 0.3, multiplier: 7 }];

  function Chooser() {
    const [state, setState] = useState(START);
    return (
      <DataTable
        columns={TARIFF_COLUMNS}
        rows={ROWS}
        total={1}
        state={state}
        onStateChange={(patch) => setState((s) => ({ ...s, ...patch }))}
        actions={{ onEdit: () => {} }}
        getRowId={(r) => String(r.id)}
        columnsKey="tariff"
      />
    );
  }
  const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);

  it('leaves a defaultHidden column out until it is chosen, and keeps the choice for the next visit', async () => {
    localStorage.clear();
    const first = renderWithProviders(<Chooser />);
    expect(headers()).toEqual(['Pod', 'Value', 'Actions']);
    expect(screen.queryByText('7')).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const shown = screen.getByRole('group', { name: 'Columns shown' });
    await user.click(within(shown).getByRole('checkbox', { name: 'Multiplier' }));
    await user.click(within(shown).getByRole('checkbox', { name: 'Value' }));
    expect(headers()).toEqual(['Pod', 'Multiplier', 'Actions']);
    expect(screen.getByText('7')).toBeInTheDocument();
    first.unmount();

    renderWithProviders(<Chooser />);
    expect(headers()).toEqual(['Pod', 'Multiplier', 'Actions']);
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(screen.getByRole('button', { name: 'Default columns' }));
    expect(headers()).toEqual(['Pod', 'Value', 'Actions']);
    expect(localStorage.getItem('greenpod_columns_tariff')).toBeNull();
  });

  it('keeps the last column shown: its checkbox is off', async () => {
    localStorage.setItem('greenpod_columns_tariff', JSON.stringify({ value: false }));
    renderWithProviders(<Chooser />);
    expect(headers()).toEqual(['Pod', 'Actions']);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Columns' }));
    expect(screen.getByRole('checkbox', { name: 'Pod' })).toBeDisabled();
    localStorage.clear();
  });

  it('starts from the defaults when the stored choice is not JSON', () => {
    localStorage.setItem('greenpod_columns_tariff', '{broken');
    renderWithProviders(<Chooser />);
    expect(headers()).toEqual(['Pod', 'Value', 'Actions']);
    localStorage.clear();
  });
});
