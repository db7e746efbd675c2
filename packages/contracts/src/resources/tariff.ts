import { CURRENCIES, PERIOD_TYPES, VOLTAGES } from '../choices';
import { defineResource } from '../define-resource';
import { choice, number, ref, text } from '../fields';
import { MESSAGES } from '../messages';
import { clientRef, groupRef, podRef, titleJoin } from './common';

/** A baseline period has both ends, ends on or after it starts, and is over: its last day is before today (UTC). */
export function baselinePeriodProblem(v: Record<string, unknown>, now = new Date()): string | null {
  const from = typeof v.baselineFrom === 'string' ? v.baselineFrom : null;
  const to = typeof v.baselineTo === 'string' ? v.baselineTo : null;
  if (!from && !to) return null;
  if (!from || !to) return MESSAGES.baselineNeedsBoth;
  if (to < from) return MESSAGES.baselineEndsBeforeStart;
  return to >= now.toISOString().slice(0, 10) ? MESSAGES.baselineInFuture : null;
}

export const tariff = defineResource({
  name: 'tariff',
  label: 'Tariff',
  fields: {
    groupId: groupRef(),
    clientId: clientRef(),
    podId: podRef(),
    sensorType: choice(['ELECTRICITY', 'WATER_FLOW'], { label: 'Sensor Type', required: true, sort: true }),
    // Savings are computed from tariffs, so a tariff cannot wait for one: the link is optional.
    savingId: ref('savings', { label: 'Saving', hideInForm: true }),
    type: choice(PERIOD_TYPES, { label: 'Type', required: true, sort: true }),
    timeRange: text({ label: 'Saving Time Range', required: true, max: 100 }),
    savingFlat: number({ label: 'Saving Flat', required: true, min: 0, max: 1e9, sort: true }),
    value: number({ label: 'Value', required: true, min: 0, max: 1e12, sort: true }),
    currency: choice(CURRENCIES, { label: 'Currency', required: true }),
    multiplier: number({ label: 'Multiplier', required: true, min: 0, max: 1e6 }),
    voltage: choice(VOLTAGES, { label: 'Voltage', required: true }),
    // The months before an energy measure: with them, savings use the measured model (docs/domain.md#consumption).
    baselineFrom: text({ label: 'Baseline From', format: 'date' }),
    baselineTo: text({ label: 'Baseline To', format: 'date' }),
  },
  checks: [{ field: 'baselineTo', inputs: ['baselineFrom', 'baselineTo'], problem: (v) => baselinePeriodProblem(v) }],
  joins: {
    groupTitle: titleJoin('groupId', 'Group'),
    clientTitle: titleJoin('clientId', 'Client'),
    podTitle: titleJoin('podId', 'Pod'),
  },
  list: [
    'groupTitle',
    'clientTitle',
    'podTitle',
    'sensorType',
    'timeRange',
    'type',
    'savingFlat',
    'value',
    'currency',
    'multiplier',
    'voltage',
    'created',
  ],
  // Twelve columns do not fit beside the row actions at 1280 px: the rest are a click away in the chooser.
  defaultColumns: ['clientTitle', 'podTitle', 'sensorType', 'type', 'savingFlat', 'value', 'currency'],
  scopeVia: 'podId',
  createLabel: 'Create Tariff',
  access: { read: 'scoped' },
});
