import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeAnswer, type FakeXhr, stubXhr } from '../../../test/fake-xhr';
import { listParams, mockFetch, renderRoutes } from '../../../test/render';
import { AssetCreatePage } from './asset-create-page';

const OPTIONS: Record<string, Record<string, unknown>[]> = {
  group: [{ id: 1, title: 'Aurora Group' }],
  client: [{ id: 2, title: 'Aurora Dubai', groupId: 1 }],
};
const uploaded: Record<string, unknown>[] = [];
const REJECTED = '"renamed.png" type rejected. Accepted file types for this field are: .png, .jpg, .jpeg, .svg, .webp';

function serve() {
  return mockFetch((url) => {
    if (url.pathname.startsWith('/api/asset/file/')) return { body: {} };
    const name = url.pathname.replace('/api/', '');
    const filter = (listParams(url).fetchParams ?? {}) as Record<string, number>;
    const rows = (name === 'asset' ? uploaded : (OPTIONS[name] ?? [])).filter((r) =>
      Object.entries(filter).every(([k, v]) => r[k] === v),
    );
    return { body: { success: true, data: rows, paging: { skip: 0, limit: 1000, total: rows.length } } };
  });
}

const made: string[] = [];
const revoked: string[] = [];
beforeEach(() => {
  uploaded.length = 0;
  made.length = 0;
  revoked.length = 0;
  // jsdom has no object URLs; the screen must make one per preview and give each back.
  Object.assign(URL, {
    createObjectURL: vi.fn(() => {
      made.push(`blob:preview-${made.length + 1}`);
      return made.at(-1);
    }),
    revokeObjectURL: vi.fn((url: string) => revoked.push(url)),
  });
});
afterEach(() => {
  // The screen gives its URLs back as it goes: unmount it while the stubs still stand.
  cleanup();
  Object.assign(URL, { createObjectURL: undefined, revokeObjectURL: undefined });
});

const renderPage = () =>
  renderRoutes(
    [
      { path: '/admin/asset/create', element: <AssetCreatePage /> },
      { path: '/admin/asset', element: <p>Asset list</p> },
    ],
    '/admin/asset/create',
  );
const select = (label: string) => screen.getByRole('button', { name: new RegExp(`^${label}`) });
async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await waitFor(() => expect(select(label)).toBeEnabled());
  await user.click(select(label));
  await user.click(await screen.findByRole('option', { name: option }, { timeout: 3000 }));
}
const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
// The picker's own filter (accept) is the browser's; a drop or "All files" still brings anything.
const setup = () => userEvent.setup({ delay: null, applyAccept: false });

describe('AssetCreatePage', () => {
  it('refuses a wrong type at once in the spec words, and shows a long name cut to 30 characters', async () => {
    serve();
    const user = setup();
    renderPage();
    expect(screen.getByRole('heading', { name: 'Create Asset' })).toBeInTheDocument();
    const long = 'the-grand-hotel-dubai-marina-primary-logo-2026.png';
    await user.upload(fileInput(), [new File(['MZ'], 'setup.exe'), new File(['hi'], 'notes.txt'), png(long)]);

    const refused = await screen.findByRole('alert');
    expect(refused).toHaveTextContent(
      '"setup.exe" type rejected. Accepted file types for this field are: .png, .jpg, .jpeg, .svg, .webp',
    );
    expect(refused).toHaveTextContent('"notes.txt" type rejected.');
    const card = screen.getByRole('group', { name: 'the-grand-hotel-dubai-marina-p…' });
    expect(within(card).getByText('the-grand-hotel-dubai-marina-p…')).toHaveAttribute('title', long);
    expect(within(card).getByLabelText(/File Title/)).toHaveValue('the-grand-hotel-dubai-marina-primary-logo-2026');
    expect(screen.queryByRole('group', { name: /setup/ })).toBeNull();
    expect(made).toHaveLength(1);
  });

  it('uploads each file on its own: a good one leaves the list, a refused one stays with its reason', async () => {
    serve();
    const requests = stubXhr((request: FakeXhr): FakeAnswer => {
      const name = request.fields().find(([k]) => k === 'assets[]')?.[1];
      if (name === 'renamed.png')
        return {
          status: 400,
          // As the server answers it: the message, and the file named under `assets`.
          body: {
            success: false,
            error: REJECTED,
            validationErrors: { assets: [REJECTED] },
          },
        };
      const row = { id: 10, groupId: 1, clientId: 2, title: 'Hotel Logo', extension: 'png', mime: 'image/png' };
      uploaded.push(row);
      return { status: 201, body: { success: true, data: [row] } };
    });
    const user = setup();
    renderPage();
    await user.upload(fileInput(), [png('logo.png'), png('renamed.png')]);
    const upload = screen.getByRole('button', { name: 'Upload' });
    expect(upload).toBeDisabled();

    await choose(user, 'Group', 'Aurora Group');
    await choose(user, 'Client', 'Aurora Dubai');
    const title = within(screen.getByRole('group', { name: 'logo.png' })).getByLabelText(/File Title/);
    await user.clear(title);
    expect(upload).toBeDisabled();
    await user.type(title, 'Hotel Logo');
    await waitFor(() => expect(upload).toBeEnabled());
    await user.click(upload);

    await waitFor(() => expect(screen.queryByRole('group', { name: 'logo.png' })).toBeNull());
    expect(requests.map((r) => r.fields())).toEqual([
      [
        ['groupId', '1'],
        ['clientId', '2'],
        ['title', 'Hotel Logo'],
        ['assets[]', 'logo.png'],
      ],
      [
        ['groupId', '1'],
        ['clientId', '2'],
        ['title', 'renamed'],
        ['assets[]', 'renamed.png'],
      ],
    ]);
    const kept = screen.getByRole('group', { name: 'renamed.png' });
    expect(within(kept).getByRole('alert')).toHaveTextContent('"renamed.png" type rejected.');
    expect(within(kept).getByLabelText(/File Title/)).toHaveValue('renamed');
    // Above the form too, named by the file (the alert under the card is the other one).
    const above = screen.getAllByRole('alert').filter((a) => !kept.contains(a));
    expect(above).toHaveLength(1);
    expect(above[0]).toHaveTextContent('renamed.png: "renamed.png" type rejected.');
    // The uploaded file's preview URL is given back; the kept one's is still in use.
    expect(revoked).toEqual([made[0]]);
    // The gallery below reads the client's images again and shows the new one.
    expect(await screen.findByText('Hotel Logo')).toBeInTheDocument();
    // Two selects, a typed title and two uploads: more steps than most, on a shared 2-core machine.
  }, 40_000);
});
