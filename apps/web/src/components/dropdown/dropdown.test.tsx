import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { Dropdown } from './dropdown';

const items = (n: number) => Array.from({ length: n }, (_, i) => ({ value: String(i + 1), label: `Item ${i + 1}` }));

async function open(label: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: new RegExp(label) }));
  return user;
}

describe('Dropdown', () => {
  it('has no search box with 4 items', async () => {
    renderWithProviders(<Dropdown label="Pick" items={items(4)} value={null} onChange={() => {}} />);
    await open('Pick');
    expect(screen.getByRole('option', { name: 'Item 4' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Search items' })).not.toBeInTheDocument();
  });

  it('has a search box above 4 items, and it filters', async () => {
    renderWithProviders(<Dropdown label="Pick" items={items(12)} value={null} onChange={() => {}} />);
    const user = await open('Pick');
    await user.type(screen.getByRole('textbox', { name: 'Search items' }), '11');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Item 11']);
    await user.clear(screen.getByRole('textbox', { name: 'Search items' }));
    await user.type(screen.getByRole('textbox', { name: 'Search items' }), 'zzz');
    expect(screen.getByText('No Items Found.')).toBeInTheDocument();
  });

  it('says "No Items Found." when empty', async () => {
    renderWithProviders(<Dropdown label="Pick" items={[]} value={null} onChange={() => {}} />);
    await open('Pick');
    expect(screen.getByText('No Items Found.')).toBeInTheDocument();
  });

  it('reports the chosen value', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Dropdown label="Pick" items={items(3)} value={null} onChange={onChange} />);
    const user = await open('Pick');
    await user.click(screen.getByRole('option', { name: 'Item 2' }));
    expect(onChange).toHaveBeenCalledWith('2');
  });

  it('names a toolbar filter by what it is for and what it shows', () => {
    renderWithProviders(<Dropdown ariaLabel="Location" items={items(3)} value="2" onChange={() => {}} />);
    const button = screen.getByRole('button', { name: 'Location: Item 2' });
    // The visible text is part of the name (axe label-content-name-mismatch).
    expect(button).toHaveTextContent('Item 2');
    renderWithProviders(
      <Dropdown ariaLabel="Pod" items={items(3)} value={null} onChange={() => {}} placeholder="All Pods" />,
    );
    expect(screen.getByRole('button', { name: 'Pod: All Pods' })).toHaveTextContent('All Pods');
  });
});

describe('Dropdown list for assistive technology', () => {
  it('names its list of options by the field and lets the keyboard reach it when it scrolls', async () => {
    renderWithProviders(
      <Dropdown
        label="Notification"
        items={[{ value: '1', label: 'ALERT · Room 101' }]}
        value={null}
        onChange={() => {}}
      />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: /Notification/ }));
    const list = await screen.findByRole('listbox', { name: 'Notification' });
    expect(list).toHaveAttribute('tabindex', '0');
  });
});
