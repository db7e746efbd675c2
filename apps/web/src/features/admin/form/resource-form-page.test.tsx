import {
  area,
  client,
  defineResource,
  type FieldDef,
  group,
  measurement,
  pod,
  roleArea,
  rolePod,
  rule,
  tip,
  userNotification,
} from '@greenpod/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatLocalDateTime } from '../../../lib/format';
import { listParams, mockFetch, renderRoutes } from '../../../test/render';
import { ResourceFormPage } from './resource-form-page';

const REQUIRED = '** This field is required, please fill it in **';

describe('generic resource form', () => {
  it('shows the required message under a field and enables Submit only when valid', async () => {
    const calls = mockFetch(() => ({ status: 201, body: { success: true, data: { id: 7 } } }));
    renderRoutes(
      [
        { path: '/admin/group/create', element: <ResourceFormPage resource={group} mode="create" /> },
        { path: '/admin/group', element: <p>Group list</p> },
      ],
      '/admin/group/create',
    );
    expect(screen.getByRole('heading', { name: 'Create Group' })).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();

    const user = userEvent.setup();
    await user.click(screen.getByLabelText(/Title/));
    await user.tab();
    await waitFor(() => expect(screen.getByLabelText(/Title/)).toHaveAccessibleDescription(REQUIRED));

    await user.type(screen.getByLabelText(/Title/), 'North');
    await waitFor(() => expect(screen.getByLabelText(/Title/)).not.toHaveAccessibleDescription(REQUIRED));
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText(/Description/), 'Northern sites');
    await waitFor(() => expect(submit).toBeEnabled());

    await user.click(submit);
    expect(await screen.findByText('Group list')).toBeInTheDocument();
    const [, init] = calls.mock.calls[0] ?? [];
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ title: 'North', description: 'Northern sites', active: true });
  });

  it('shows server validation errors above the form and beside the field', async () => {
    mockFetch(() => ({
      status: 409,
      body: { success: false, error: 'Duplicate', validationErrors: { title: ['Already taken'] } },
    }));
    renderRoutes([{ path: '/', element: <ResourceFormPage resource={group} mode="create" /> }], '/');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Title/), 'North');
    await user.type(screen.getByLabelText(/Description/), 'Sites');
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Title: Already taken');
    expect(screen.getAllByText('Already taken')).toHaveLength(1);
  });

  it('prefills an update from GET /:id', async () => {
    const calls = mockFetch((url) => {
      if (url.pathname === '/api/client/5') {
        return { body: { success: true, data: { id: 5, groupId: 1, title: 'Hotel', description: 'd', active: true } } };
      }
      return {
        body: { success: true, data: [{ id: 1, title: 'Group One' }], paging: { skip: 0, limit: 1000, total: 1 } },
      };
    });
    renderRoutes(
      [{ path: '/admin/client/update/:id', element: <ResourceFormPage resource={client} mode="update" /> }],
      '/admin/client/update/5',
    );
    expect(await screen.findByRole('heading', { name: 'Edit Client' })).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Hotel')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: /^Group/ })).toHaveTextContent('Group One'));
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    const groupCall = calls.mock.calls.find(([u]) => String(u).startsWith('/api/group'));
    expect(listParams(new URL(String(groupCall?.[0]), 'http://localhost'))).toEqual({ paging: 1000 });
  });

  it("edits a measurement: its pod's group and client fill the cascading selects, Save sends a PUT", async () => {
    const options: Record<string, { id: number; title: string }[]> = {
      '/api/group': [{ id: 1, title: 'Group One' }],
      '/api/client': [{ id: 2, title: 'Hotel' }],
      '/api/sensor': [{ id: 4, title: 'Thermometer' }],
      '/api/pod': [{ id: 3, title: 'Lobby pod' }],
    };
    const stored = { id: 9, groupId: 1, clientId: 2, podId: 3, sensorId: 4, value: 21.5, sensorType: 'TEMPERATURE' };
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/measurement/9')
        return { body: { success: true, data: init?.method === 'PUT' ? { ...stored, value: 22 } : stored } };
      return {
        body: { success: true, data: options[url.pathname] ?? [], paging: { skip: 0, limit: 1000, total: 1 } },
      };
    });
    renderRoutes(
      [
        { path: '/admin/measurement/update/:id', element: <ResourceFormPage resource={measurement} mode="update" /> },
        { path: '/admin/measurement', element: <p>Measurement list</p> },
      ],
      '/admin/measurement/update/9',
    );
    expect(await screen.findByRole('heading', { name: 'Edit Measurement' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: /^Pod/ })).toHaveTextContent('Lobby pod'));
    expect(screen.getByRole('button', { name: /^Client/ })).toHaveTextContent('Hotel');
    const user = userEvent.setup();
    const value = screen.getByDisplayValue('21.5');
    await user.clear(value);
    await user.type(value, '22');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Measurement list')).toBeInTheDocument();
    const put = calls.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(String(put?.[0])).toContain('/api/measurement/9');
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({ podId: 3, sensorId: 4, value: 22 });
  });

  it('labels user-notification options: users by e-mail, notifications by type, pod, sensor and time', async () => {
    const notifications = [
      { id: 9, type: 'RESOLVED', podTitle: 'Room 101', sensorTitle: 'Temperature', created: '2026-03-01 09:15:00' },
      { id: 8, type: 'RESOLVED', podTitle: 'Boiler room', sensorTitle: 'Water Flow', created: '2026-03-01 08:40:00' },
      { id: 7, type: 'WARNING', podTitle: null, sensorTitle: null, created: '2026-02-28 22:05:00' },
    ];
    mockFetch((url) => ({
      body: {
        success: true,
        data: url.pathname === '/api/user' ? [{ id: 3, email: 'ann@example.com' }] : notifications,
        paging: { skip: 0, limit: 1000, total: 1 },
      },
    }));
    renderRoutes([{ path: '/', element: <ResourceFormPage resource={userNotification} mode="create" /> }], '/');
    expect(screen.getByRole('heading', { name: 'Create User Notification' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^User/ }));
    expect(await screen.findByRole('option', { name: 'ann@example.com' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Notification/ }));
    const at = (wire: string) => formatLocalDateTime(wire);
    expect(
      await screen.findByRole('option', { name: `RESOLVED · Room 101 · Temperature · ${at('2026-03-01 09:15:00')}` }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('option', { name: `RESOLVED · Boiler room · Water Flow · ${at('2026-03-01 08:40:00')}` }),
    ).toBeInTheDocument();
    // A notification without a pod or sensor (a flood summary) reads by what it has.
    expect(screen.getByRole('option', { name: `WARNING · ${at('2026-02-28 22:05:00')}` })).toBeInTheDocument();
  });

  it('says "an" before a label that starts with a vowel: "Please select an Area"', () => {
    mockFetch(() => ({ body: { success: true, data: [], paging: { skip: 0, limit: 1000, total: 0 } } }));
    for (const resource of [pod, roleArea, rolePod]) {
      const { unmount } = renderRoutes(
        [{ path: '/', element: <ResourceFormPage resource={resource} mode="create" /> }],
        '/',
      );
      expect(screen.getByText('Please select an Area')).toBeInTheDocument();
      expect(screen.getByText('Please select a Location')).toBeInTheDocument();
      expect(screen.queryByText('Please select a Area')).not.toBeInTheDocument();
      unmount();
    }
  });

  it('cascades: client waits for group, is filtered by it, and is cleared when group changes', async () => {
    const calls = mockFetch((url) => {
      const params = listParams(url);
      const rows: Record<string, { id: number; title: string }[]> = {
        '/api/group': [
          { id: 1, title: 'Group One' },
          { id: 2, title: 'Group Two' },
        ],
        '/api/client': [
          { id: 10 + Number((params.fetchParams as { groupId?: number })?.groupId), title: 'Client of group' },
        ],
      };
      return { body: { success: true, data: rows[url.pathname] ?? [], paging: { skip: 0, limit: 1000, total: 1 } } };
    });
    renderRoutes([{ path: '/', element: <ResourceFormPage resource={area} mode="create" /> }], '/');
    const user = userEvent.setup();
    const clientSelect = () => screen.getByRole('button', { name: /^Client/ });
    expect(clientSelect()).toBeDisabled();
    expect(screen.getByRole('button', { name: /^Location/ })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: /^Group/ }));
    await user.click(await screen.findByRole('option', { name: 'Group One' }));
    await waitFor(() => expect(clientSelect()).toBeEnabled());
    await user.click(clientSelect());
    await user.click(await screen.findByRole('option', { name: 'Client of group' }));
    expect(clientSelect()).toHaveTextContent('Client of group');
    const clientCall = calls.mock.calls.find(([u]) => String(u).startsWith('/api/client'));
    expect(listParams(new URL(String(clientCall?.[0]), 'http://localhost'))).toEqual({
      paging: 1000,
      fetchParams: { groupId: 1 },
    });

    await user.click(screen.getByRole('button', { name: /^Group/ }));
    await user.click(await screen.findByRole('option', { name: 'Group Two' }));
    expect(clientSelect()).not.toHaveTextContent('Client of group');
  });

  it('checks a rule’s threshold against the chosen sensor’s type under the field, before anything is sent', async () => {
    const sensors = [
      { id: 3, title: 'Humidity sensor', type: 'HUMIDITY' },
      { id: 4, title: 'Light sensor', type: 'LUMINESCENCE' },
    ];
    const calls = mockFetch((url) => ({
      body: {
        success: true,
        data: url.pathname === '/api/sensor' ? sensors : [],
        paging: { skip: 0, limit: 1000, total: 2 },
      },
    }));
    renderRoutes([{ path: '/', element: <ResourceFormPage resource={rule} mode="create" /> }], '/');
    const user = userEvent.setup();
    const threshold = () => screen.getByLabelText(/Threshold Value/);

    // No sensor chosen yet: the threshold cannot be judged.
    await user.type(threshold(), '150');
    await user.tab();
    await waitFor(() => expect(threshold()).toHaveAccessibleDescription('Please input Threshold value'));

    await user.click(screen.getByRole('button', { name: /^Sensor/ }));
    await user.click(await screen.findByRole('option', { name: 'Humidity sensor' }));
    await waitFor(() =>
      expect(threshold()).toHaveAccessibleDescription('Humidity threshold value must be between 0-100'),
    );

    // Another sensor, another range: the same 150 fits a light sensor.
    await user.click(screen.getByRole('button', { name: /^Sensor/ }));
    await user.click(await screen.findByRole('option', { name: 'Light sensor' }));
    await waitFor(() => expect(threshold()).not.toHaveAccessibleDescription());

    await user.clear(threshold());
    await user.type(threshold(), '100001');
    await waitFor(() =>
      expect(threshold()).toHaveAccessibleDescription('Luminescence threshold value must be between 0-100000'),
    );
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    expect(calls.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('after creating a pod shows its ingest key once, then returns to the list', async () => {
    expect(pod.secretOnCreate).toBe('ingestKey');
    // The pod itself, cut to one field so the test is about the key rather than its five selects.
    const slimPod = defineResource({
      ...pod,
      fields: { identifier: pod.fields.identifier as FieldDef },
      list: ['identifier'],
    });
    const calls = mockFetch(() => ({
      status: 201,
      body: { success: true, data: { id: 9, identifier: 'pod-9' }, ingestKey: 'gpk_secret_123' },
    }));
    renderRoutes(
      [
        { path: '/admin/pod/create', element: <ResourceFormPage resource={slimPod} mode="create" /> },
        { path: '/admin/pod', element: <p>Pod list</p> },
      ],
      '/admin/pod/create',
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Identifier/), 'p9');
    await user.click(await screen.findByRole('button', { name: 'Submit' }));

    const dialog = await screen.findByRole('dialog', { name: 'Ingest key' });
    expect(within(dialog).getByText('gpk_secret_123')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Copy this key now: it is shown only once.');
    expect(dialog).toHaveTextContent('Authorization: Pod <identifier>:<key> to POST /api/ingest.');
    expect(screen.queryByText('Pod list')).not.toBeInTheDocument();
    expect(calls).toHaveBeenCalledOnce();

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('Pod list')).toBeInTheDocument();
  });

  it('builds a tip’s tags from a checkbox per sensor type, Water Usage for water flow, and asks for one', async () => {
    mockFetch(() => ({ body: { success: true, data: [], paging: { skip: 0, limit: 1000, total: 0 } } }));
    renderRoutes([{ path: '/', element: <ResourceFormPage resource={tip} mode="create" /> }], '/');
    expect(await screen.findByRole('heading', { name: 'Create Tip' })).toBeInTheDocument();
    const group = screen.getByRole('group', { name: /Tags/ });
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label, div')?.textContent),
    ).toHaveLength(8);
    for (const label of [
      'Temperature',
      'Humidity',
      'Barometric',
      'Luminescence',
      'Air Quality',
      'Water Usage',
      'Electricity',
      'Motion',
    ])
      expect(within(group).getByRole('checkbox', { name: label })).toBeInTheDocument();
    expect(within(group).getByRole('checkbox', { name: 'Water Usage' })).toHaveAttribute('value', 'WATER_FLOW');
    const user = userEvent.setup();
    await user.click(within(group).getByRole('checkbox', { name: 'Water Usage' }));
    await user.click(within(group).getByRole('checkbox', { name: 'Water Usage' }));
    expect(await screen.findByText('Please select at least one')).toBeInTheDocument();
  });
});
