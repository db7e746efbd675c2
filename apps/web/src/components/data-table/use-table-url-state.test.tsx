import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { TableToolbar } from './table-toolbar';
import { useTableUrlState } from './use-table-url-state';

function Harness() {
  const { state, setState } = useTableUrlState({ key: 'title', direction: 'ASC' });
  const location = useLocation();
  return (
    <>
      <TableToolbar
        state={state}
        onStateChange={setState}
        searchFields={[{ value: 'podTitle', label: 'Pod' }]}
        sortFields={[{ value: 'title', label: 'Title' }]}
      />
      <output data-testid="query">{location.search}</output>
    </>
  );
}

/** Types into a controlled input the way a browser does, so React sees the change. */
function type(input: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}
const tick = () => Promise.resolve();
const act = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

afterEach(() => {
  act.IS_REACT_ACT_ENVIRONMENT = true;
});

describe('useTableUrlState', () => {
  it('keeps "Filter by" when Search follows before the router has rendered the new URL', async () => {
    renderWithProviders(
      <MemoryRouter initialEntries={['/admin/savings?tab=x']}>
        <Harness />
      </MemoryRouter>,
    );
    const select = screen.getByLabelText('Filter by') as HTMLSelectElement;
    const input = screen.getByRole('textbox', { name: 'Search' }) as HTMLInputElement;
    const submit = screen.getByRole('button', { name: 'Search' });
    // Events as a browser delivers them, outside act: the router renders a URL in a transition, which a quick
    // user (or a test robot on a busy machine) can beat with the next two events.
    act.IS_REACT_ACT_ENVIRONMENT = false;
    select.value = 'podTitle';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await tick();
    type(input, 'Pod 7');
    await tick();
    submit.click();
    await waitFor(() => expect(screen.getByTestId('query').textContent).toBe('?tab=x&field=podTitle&q=Pod+7'));
  });

  it('leaves defaults out of the URL and reads them back', async () => {
    renderWithProviders(
      <MemoryRouter initialEntries={['/list?sort=title&dir=DESC&page=3']}>
        <Harness />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sort direction DESC' }));
    await waitFor(() => expect(screen.getByTestId('query').textContent).toBe('?page=3'));
    expect(screen.getByRole('button', { name: 'Sort direction ASC' })).toBeTruthy();
  });
});
