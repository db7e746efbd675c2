import { MESSAGES, type SavingsCreateBody, savingsCreateBody } from '@greenpod/contracts';

/** The inputs of Create Savings, in the order the form shows them (docs/screens.md#create-savings). */
export const CREATE_FIELDS = ['groupId', 'clientId', 'sensorId', 'podId', 'type'] as const;
export type CreateField = (typeof CREATE_FIELDS)[number];
export type CreateValues = Record<CreateField, string>;

export const CREATE_LABELS: Record<CreateField, string> = {
  groupId: 'Group',
  clientId: 'Client',
  sensorId: 'Sensor',
  podId: 'Pod',
  type: 'Time Interval',
};

export const EMPTY_VALUES: CreateValues = { groupId: '', clientId: '', sensorId: '', podId: '', type: '' };

/** What a changed select empties: a new group takes its client and pod, a new client its pod and interval. */
const CLEARS: Record<CreateField, CreateField[]> = {
  groupId: ['clientId', 'podId', 'type'],
  clientId: ['podId', 'type'],
  sensorId: [],
  podId: [],
  type: [],
};

export function withChange(values: CreateValues, field: CreateField, value: string): CreateValues {
  const next = { ...values, [field]: value };
  for (const cleared of CLEARS[field]) next[cleared] = '';
  if (next.podId === '') next.type = '';
  return next;
}

export type CheckResult =
  | { ok: true; body: SavingsCreateBody; errors: Record<string, never> }
  | { ok: false; errors: Partial<Record<CreateField, string>> };

/**
 * The inputs checked with contracts' savingsCreateBody, the schema the server checks too: a blank select
 * says MESSAGES.required, anything else the schema's own message.
 */
export function checkCreate(values: CreateValues): CheckResult {
  const parsed = savingsCreateBody.safeParse(values);
  if (parsed.success) return { ok: true, body: parsed.data, errors: {} };
  const errors: Partial<Record<CreateField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as CreateField;
    if (!CREATE_FIELDS.includes(field) || errors[field]) continue;
    errors[field] = values[field] === '' ? MESSAGES.required : issue.message;
  }
  return { ok: false, errors };
}

/** The notification after a create: how many saving periods were computed. */
export function computedMessage(rows: number): string {
  if (rows === 0) return 'No new savings: every closed period already has one (or lacks readings)';
  return rows === 1 ? '1 saving computed' : `${rows} savings computed`;
}
