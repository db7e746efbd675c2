import { MESSAGES } from '@greenpod/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { listParams, mockFetch, renderRoutes } from '../../../test/render';
import { SAVINGS_KEY } from '../../savings/savings-api';
import { checkCreate, computedMessage, EMPTY_VALUES } from './create-savings-form';
import { CreateSavingsPage } from './create-savings-page';

const OPTIONS: Record<string, Record<string, unknown>[]> = {
  group: [
    { id: 1, title: 'Aurora Group' },
    { id: 8, title: 'Other Group' },
  ],
  client: [
    { id: 2, title: 'Aurora Dubai', groupId: 1 },
    { id: 9, title: 'Elsewhere', groupId: 8 },
  ],
  sensor: [
    { id: 4, title: 'Meter', type: 'ELECTRICITY' },
    { id: 5, title: 'Thermometer', type: 'TEMPERATURE' },
    { id: 6, title: 'Flow meter', type: 'WATER_FLOW' },
  ],
  pod: [
    { id: 3, title: 'Room 101', clientId: 2 },
    { id: 7, title: 'Other pod', clientId: 9 },
  ],
};

function serve(post: (body: unknown) => { status?: number; body: unknown }) {
  return mockFetch((url, init) => {
    if (url.pathname === '/api/savings' && init.method === 'POST') return post(JSON.parse(String(init.body)));
    const filter = (listParams(url).fetchParams ?? {}) as Record<string, number>;
    const rows = (OPTIONS[url.pathname.replace('/api/', '')] ?? []).filter((r) =>
      Object.entries(filter).every(([k, v]) => r[k] === v),
    );
    return { body: { success: true, data: rows, paging: { skip: 0, limit: 1000, total: rows.length } } };
  });
}

const renderPage = () =>
  renderRoutes(
    [
      { path: '/admin/savings/create', element: <CreateSavingsPage /> },
      { path: '/admin/savings', element: <p>Savings list</p> },
    ],
    '/admin/savings/create',
  );
const select = (label: string) => screen.getByRole('button', { name: new RegExp(`^${label}`) });
async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await waitFor(() => expect(select(label)).toBeEnabled());
  await user.click(select(label));
  await user.click(await screen.findByRole('option', { name: option }, { timeout: 3000 }));
}

describe('CreateSavingsPage', () => {
  it('asks Group, Client, Sensor, Pod, Time Interval in order, each waiting for its parent, then posts', async () => {
    let posted: unknown;
    serve((body) => {
      posted = body;
      return { status: 201, body: { success: true, data: [{ id: 1 }, { id: 2 }, { id: 3 }] } };
    });
    const user = userEvent.setup({ delay: null });
    const { client } = renderPage();
    // The Savings page was open before: it must read the new rows, not its cached answer.
    client.setQueryData([...SAVINGS_KEY, 'summary', { window: 'month' }], { cards: [] });
    expect(screen.getByRole('heading', { name: 'Create Savings' })).toBeInTheDocument();
    const form = screen.getByRole('button', { name: 'Submit' }).closest('form') as HTMLElement;
    const names = within(form)
      .getAllByRole('button')
      .map((b) => b.getAttribute('name'))
      .filter(Boolean);
    expect(names).toEqual(['groupId', 'clientId', 'sensorId', 'podId', 'type']);
    expect(select('Client')).toBeDisabled();
    expect(select('Pod')).toBeDisabled();
    expect(select('Time Interval')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();

    await choose(user, 'Group', 'Aurora Group');
    expect(select('Pod')).toBeDisabled();
    await user.click(select('Client'));
    // Only the chosen group's clients.
    expect(await screen.findByRole('option', { name: 'Aurora Dubai' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Elsewhere' })).toBeNull();
    await user.click(screen.getByRole('option', { name: 'Aurora Dubai' }));

    // Savings are measured on electricity and water flow only.
    await user.click(select('Sensor'));
    expect(await screen.findByRole('option', { name: 'Meter · Electricity' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Flow meter · Water Flow' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Thermometer/ })).toBeNull();
    await user.click(screen.getByRole('option', { name: 'Meter · Electricity' }));

    expect(select('Time Interval')).toBeDisabled();
    await choose(user, 'Pod', 'Room 101');
    expect(screen.queryByRole('option', { name: 'Other pod' })).toBeNull();
    await choose(user, 'Time Interval', 'Monthly');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Savings list')).toBeInTheDocument();
    expect(posted).toEqual({ groupId: 1, clientId: 2, sensorId: 4, podId: 3, type: 'MONTHLY' });
    expect(client.getQueryState([...SAVINGS_KEY, 'summary', { window: 'month' }])?.isInvalidated).toBe(true);
  }, 30_000);

  it('empties the client and pod when the group changes, and says a left select is required', async () => {
    serve(() => ({ body: {} }));
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(select('Group'));
    await screen.findByRole('option', { name: 'Aurora Group' }, { timeout: 3000 });
    await user.keyboard('{Escape}');
    expect(await screen.findByText(MESSAGES.required)).toBeInTheDocument();
    await choose(user, 'Group', 'Aurora Group');
    await choose(user, 'Client', 'Aurora Dubai');
    await choose(user, 'Pod', 'Room 101');
    expect(select('Time Interval')).toBeEnabled();
    await choose(user, 'Group', 'Other Group');
    expect(select('Client')).toHaveTextContent('Please select a Client');
    expect(select('Pod')).toBeDisabled();
    expect(select('Time Interval')).toBeDisabled();
  }, 30_000);

  it('shows the server refusal in a danger alert and Cancel returns to the list', async () => {
    serve(() => ({
      status: 400,
      body: {
        success: false,
        error: 'Invalid input',
        validationErrors: { sensorId: ['Savings need an electricity or water flow sensor'] },
      },
    }));
    const user = userEvent.setup({ delay: null });
    renderPage();
    await choose(user, 'Group', 'Aurora Group');
    await choose(user, 'Client', 'Aurora Dubai');
    await choose(user, 'Sensor', 'Flow meter · Water Flow');
    await choose(user, 'Pod', 'Room 101');
    await choose(user, 'Time Interval', 'Daily');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sensor: Savings need an electricity or water flow sensor',
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Savings list')).toBeInTheDocument();
  }, 30_000);
});

describe('Create Savings checks', () => {
  it('checks with savingsCreateBody: blanks are required, a full form is the body', () => {
    const blank = checkCreate(EMPTY_VALUES);
    expect(blank.ok).toBe(false);
    expect(blank.errors).toEqual({
      groupId: MESSAGES.required,
      clientId: MESSAGES.required,
      sensorId: MESSAGES.required,
      podId: MESSAGES.required,
      type: MESSAGES.required,
    });
    const full = checkCreate({ groupId: '1', clientId: '2', sensorId: '4', podId: '3', type: 'WEEKLY' });
    expect(full).toMatchObject({ ok: true, body: { groupId: 1, clientId: 2, sensorId: 4, podId: 3, type: 'WEEKLY' } });
    expect(computedMessage(3)).toBe('3 savings computed');
    expect(computedMessage(1)).toBe('1 saving computed');
  });
});
