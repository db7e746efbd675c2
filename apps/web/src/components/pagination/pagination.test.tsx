import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { PageSizeSelect } from './page-size-select';
import { Pagination } from './pagination';

const pageButtons = () => screen.getAllByRole('button', { name: /^Page \d+$/ }).map((b) => b.textContent);

describe('Pagination', () => {
  it('shows every page when there are 5 or fewer', () => {
    renderWithProviders(<Pagination page={2} count={4} onChange={() => {}} />);
    expect(pageButtons()).toEqual(['1', '2', '3', '4']);
    expect(screen.queryByText('…')).not.toBeInTheDocument();
  });

  it('shows a 5-page window with ellipses around the current page', () => {
    renderWithProviders(<Pagination page={6} count={12} onChange={() => {}} />);
    expect(pageButtons()).toEqual(['4', '5', '6', '7', '8']);
    expect(screen.getAllByText('…')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Page 6' })).toHaveAttribute('aria-current', 'page');
  });

  it('moves with the first, previous, next, last and number buttons', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Pagination page={6} count={12} onChange={onChange} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'First page' }));
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    await user.click(screen.getByRole('button', { name: 'Page 8' }));
    expect(onChange.mock.calls.map(([p]) => p)).toEqual([1, 5, 7, 12, 8]);
  });

  it('disables first and previous on the first page', () => {
    renderWithProviders(<Pagination page={1} count={3} onChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'First page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
  });
});

describe('a list whose total is a lower bound', () => {
  it('shows the total as "10,000+"', () => {
    renderWithProviders(
      <PageSizeSelect size={10} options={[10, 20]} shown={10} total={10_000} totalIsLowerBound onChange={() => {}} />,
    );
    expect(screen.getByText('Showing 10 of 10,000+')).toBeInTheDocument();
  });

  it('still pages forward from the last counted page, but has no last page to jump to', () => {
    renderWithProviders(<Pagination page={1000} count={1001} countIsLowerBound onChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled();
  });
});
