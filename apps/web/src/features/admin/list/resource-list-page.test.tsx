import { pod, podSensor, role } from '@greenpod/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { listParams, mockFetch, renderRoutes } from '../../../test/render';
import { ResourceListPage } from './resource-list-page';

const roles = [
  {
    id: 1,
    title: 'Admin',
    description: 'Everything',
    accessLevel: 50,
    created: '2024-01-01 10:00:00',
    updated: '2024-01-01 10:00:00',
  },
  {
    id: 2,
    title: 'Viewer',
    description: 'Read only',
    accessLevel: 10,
    created: '2024-01-01 10:00:00',
    updated: '2024-01-01 10:00:00',
  },
];

describe('generic resource list', () => {
  it('lists rows with the resource columns and sends the page from the URL', async () => {
    const calls = mockFetch(() => ({
      body: { success: true, data: roles, paging: { skip: 20, limit: 10, total: 22 } },
    }));
    renderRoutes([{ path: '/admin/role', element: <ResourceListPage resource={role} /> }], '/admin/role?page=3');
    expect(await screen.findByText('Viewer')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Role' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Level Of Access/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Role' })).toHaveAttribute('href', '/admin/role/create');
    expect(screen.getByText('Showing 2 of 22')).toBeInTheDocument();
    expect(listParams(new URL(String(calls.mock.calls[0]?.[0]), 'http://localhost'))).toMatchObject({
      paging: 10,
      offset: 3,
    });
  });

  it('confirms a delete with the prompt and shows a 409 naming the dependants', async () => {
    // The preview saw nothing in the way; a user added meanwhile makes the delete itself refused.
    mockFetch((url, init) =>
      init.method === 'DELETE'
        ? { status: 409, body: { success: false, error: 'Still used by 3 users' } }
        : url.pathname.startsWith('/api/delete-preview/')
          ? { body: { success: true, data: { deletes: [], blockedBy: [] } } }
          : { body: { success: true, data: roles, paging: { skip: 0, limit: 10, total: 2 } } },
    );
    renderRoutes([{ path: '/', element: <ResourceListPage resource={role} /> }], '/');
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'Delete' }))[0] as HTMLElement);
    expect(screen.getByText('Are you sure you want to delete this role?')).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Still used by 3 users'));
  });

  it('says what else a delete takes with it before it is confirmed', async () => {
    const pods = [{ id: 4, identifier: 'pod-4', title: 'Kitchen', voltage: 230 }];
    const calls = mockFetch((url, init) => {
      if (init.method === 'DELETE') return { body: { success: true } };
      if (url.pathname === '/api/delete-preview/pod/4')
        return {
          body: {
            success: true,
            data: {
              deletes: [
                { label: 'measurement records', count: 19216 },
                { label: 'pod sensor records', count: 3 },
                { label: 'rollup rows', count: 412 },
              ],
              blockedBy: [],
            },
          },
        };
      return { body: { success: true, data: pods, paging: { skip: 0, limit: 10, total: 1 } } };
    });
    renderRoutes([{ path: '/', element: <ResourceListPage resource={pod} /> }], '/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog');
    expect(
      await within(dialog).findByText(
        'This will also delete 19,216 measurement records, 3 pod sensor records and 412 rollup rows.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.mock.calls.some(([, i]) => i?.method === 'DELETE')).toBe(true));
    const del = calls.mock.calls.find(([, i]) => i?.method === 'DELETE');
    expect(String(del?.[0])).toContain('/api/pod/4');
  });

  it('names what blocks a delete and offers no Delete button that would fail', async () => {
    mockFetch((url) =>
      url.pathname.startsWith('/api/delete-preview/')
        ? { body: { success: true, data: { deletes: [], blockedBy: [{ label: 'user records', count: 2 }] } } }
        : { body: { success: true, data: roles, paging: { skip: 0, limit: 10, total: 2 } } },
    );
    renderRoutes([{ path: '/', element: <ResourceListPage resource={role} /> }], '/');
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'Delete' }))[0] as HTMLElement);
    const dialog = screen.getByRole('dialog');
    expect(
      await within(dialog).findByText('This role cannot be deleted: 2 user records still depend on it.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeDisabled();
  });

  it('offers only the verbs the resource has', async () => {
    mockFetch(() => ({
      body: {
        success: true,
        data: [{ id: 1, podTitle: 'Pod A', sensorTitle: 'T', created: '2024-01-01 10:00:00' }],
        paging: { skip: 0, limit: 10, total: 1 },
      },
    }));
    renderRoutes([{ path: '/', element: <ResourceListPage resource={podSensor} /> }], '/');
    expect(await screen.findByText('Pod A')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('rotates a pod ingest key after confirmation and shows the new key once', async () => {
    const calls = mockFetch((_url, init) =>
      init.method === 'POST'
        ? { body: { success: true, data: { ingestKey: 'gpk_new_456' } } }
        : {
            body: {
              success: true,
              data: [{ id: 4, identifier: 'pod-4', title: 'Kitchen', voltage: 230 }],
              paging: { skip: 0, limit: 10, total: 1 },
            },
          },
    );
    renderRoutes([{ path: '/', element: <ResourceListPage resource={pod} /> }], '/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Rotate ingest key' }));
    const confirm = screen.getByRole('dialog');
    expect(confirm).toHaveTextContent('Rotate the ingest key? The pod must be given the new key.');
    expect(calls.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.click(within(confirm).getByRole('button', { name: 'Rotate' }));
    const shown = await screen.findByRole('dialog', { name: 'Ingest key' });
    expect(within(shown).getByText('gpk_new_456')).toBeInTheDocument();
    const [url, init] = calls.mock.calls.find(([, i]) => i?.method === 'POST') ?? [];
    expect(String(url)).toBe('/api/pod/4/ingest-key');
    expect(init?.headers).not.toHaveProperty('Content-Type');

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
