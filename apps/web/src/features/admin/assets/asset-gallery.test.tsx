import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listParams, mockFetch, renderWithProviders } from '../../../test/render';
import { AssetGallery } from './asset-gallery';
import { AssetPicker } from './asset-picker';

const rows = Array.from({ length: 5 }, (_, i) => ({
  id: i + 1,
  groupId: 1,
  clientId: i < 4 ? 2 : 3,
  title: `Image ${i + 1}`,
  extension: 'png',
  mime: 'image/png',
}));

function serve({ missing = [] as number[] } = {}) {
  return mockFetch((url) => {
    const file = url.pathname.match(/^\/api\/asset\/file\/(\d+)$/);
    if (file)
      return missing.includes(Number(file[1]))
        ? { status: 404, body: { success: false, error: 'Not found' } }
        : { body: {} };
    const item = url.pathname.match(/^\/api\/asset\/(\d+)$/);
    if (item) return { body: { success: true, data: rows.find((r) => r.id === Number(item[1])) } };
    const params = listParams(url) as { paging: number; offset: number; fetchParams?: Record<string, number> };
    const matching = rows.filter((r) => Object.entries(params.fetchParams ?? {}).every(([k, v]) => r[k as 'id'] === v));
    const page = matching.slice((params.offset - 1) * params.paging, params.offset * params.paging);
    return { body: { success: true, data: page, paging: { skip: 0, limit: params.paging, total: matching.length } } };
  });
}

beforeEach(() => {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:image'), revokeObjectURL: vi.fn() });
});
afterEach(() => {
  cleanup();
  Object.assign(URL, { createObjectURL: undefined, revokeObjectURL: undefined });
});

const captions = () => screen.queryAllByText(/^Image \d$/).map((el) => el.textContent);

describe('AssetGallery', () => {
  it('shows 2 a page first, Load More adds the next page, and 4 or 6 a page can be chosen', async () => {
    const calls = serve();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<AssetGallery emptyHint="none" />);
    await waitFor(() => expect(captions()).toEqual(['Image 1', 'Image 2']));
    expect(screen.getByText('Showing 2 of 5')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(captions()).toEqual(['Image 1', 'Image 2', 'Image 3', 'Image 4']));
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(captions()).toHaveLength(5));
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();

    expect(screen.getByLabelText('Images per page')).toHaveDisplayValue('2');
    expect([...(screen.getByLabelText('Images per page') as HTMLSelectElement).options].map((o) => o.value)).toEqual([
      '2',
      '4',
      '6',
    ]);
    await user.selectOptions(screen.getByLabelText('Images per page'), '4');
    await waitFor(() => expect(screen.getByText('Showing 4 of 5')).toBeInTheDocument());
    const lists = calls.mock.calls
      .map(([u]) => listParams(new URL(String(u), 'http://x')))
      .filter((p) => 'paging' in p);
    expect(lists.map((p) => [p.paging, p.offset])).toEqual([
      [2, 1],
      [2, 2],
      [2, 3],
      [4, 1],
    ]);
  });

  it('shows the placeholder for an image that cannot be fetched or drawn', async () => {
    serve({ missing: [2] });
    renderWithProviders(<AssetGallery clientId={2} emptyHint="none" />);
    expect(await screen.findByRole('img', { name: 'Image not available' })).toBeInTheDocument();
    const first = (await screen.findByText('Image 1')).closest('.mantine-Card-root') as HTMLElement;
    // Decorative (alt=""): the caption names it. A blob that is no image fails to draw.
    await waitFor(() => expect(first.querySelector('img')).not.toBeNull());
    fireEvent.error(first.querySelector('img') as HTMLImageElement);
    await waitFor(() => expect(screen.getAllByRole('img', { name: 'Image not available' })).toHaveLength(2));
  });

  it('says No Data Found with what to do when the client has no image', async () => {
    serve();
    renderWithProviders(<AssetGallery clientId={99} emptyHint="Upload one above." />);
    expect(await screen.findByText('No Data Found')).toBeInTheDocument();
    expect(screen.getByText('Upload one above.')).toBeInTheDocument();
  });
});

function PickerField({ clientId, required = false }: { clientId?: string; required?: boolean }) {
  const [value, setValue] = useState('');
  return (
    <>
      <AssetPicker
        label="Primary Logo"
        name="primaryLogo"
        value={value}
        onChange={setValue}
        onBlur={() => {}}
        required={required}
        clientId={clientId}
      />
      <output>{`value=${value}`}</output>
    </>
  );
}

describe('AssetPicker', () => {
  it("offers the form's client's images, picks one, shows it, and clears an optional choice", async () => {
    const calls = serve();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<PickerField clientId="3" />);
    expect(screen.getByText('None')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Choose Primary Logo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose Primary Logo' });
    await user.click(await within(dialog).findByRole('button', { name: /Image 5/ }));
    expect(screen.getByText('value=5')).toBeInTheDocument();
    expect(await screen.findByText('Image 5')).toBeInTheDocument();
    expect(screen.queryByText('None')).toBeNull();
    const lists = calls.mock.calls
      .map(([u]) => listParams(new URL(String(u), 'http://x')))
      .filter((p) => 'paging' in p);
    expect(lists[0]).toMatchObject({ fetchParams: { clientId: 3 } });

    await user.click(screen.getByRole('button', { name: 'Clear Primary Logo' }));
    expect(screen.getByText('value=')).toBeInTheDocument();
    expect(screen.getByText('None')).toBeInTheDocument();
  });

  it('waits for a client, offers every image without one, and a required choice has no Clear', async () => {
    serve();
    const { unmount } = renderWithProviders(<PickerField clientId="" />);
    expect(screen.getByRole('button', { name: 'Choose Primary Logo' })).toBeDisabled();
    expect(screen.getByText('Select a client first')).toBeInTheDocument();
    unmount();

    const user = userEvent.setup({ delay: null });
    renderWithProviders(<PickerField required />);
    await user.click(screen.getByRole('button', { name: 'Choose Primary Logo' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByText('Showing 2 of 5')).toBeInTheDocument());
    await user.click(within(dialog).getByRole('button', { name: /Image 2/ }));
    expect(screen.getByText('value=2')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear Primary Logo' })).toBeNull();
  });
});
