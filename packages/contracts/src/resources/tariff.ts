import { CURRENCIES, PERIOD_TYPES, VOLTAGES } from '../choices';
import { defineResource } from '../define-resource';
import { choice, number, ref, text } from '../fields';
import { clientRef, groupRef, podRef, titleJoin } from './common';

export const tariff = defineResource({
  name: 'tariff',
  label: 'Tariff',
  fields: {
    groupId: groupRef(),
    clientId: clientRef(),
    podId: podRef(),
    sensorType: choice(['ELECTRICITY', 'WATER_FLOW'], { label: 'Sensor Type', required: true, sort: true }),
    // Savings are computed from tariffs, so a tariff cannot wait for one: the link is optional.
    savingId: ref('saving', { label: 'Saving', hideInForm: true }),
    type: choice(PERIOD_TYPES, { label: 'Type', required: true, sort: true }),
    timeRange: text({ label: 'Saving Time Range', required: true, max: 100 }),
    savingFlat: number({ label: 'Saving Flat', required: true, min: 0, max: 1e9, sort: true }),
    value: number({ label: 'Value', required: true, min: 0, max: 1e12, sort: true }),
    currency: choice(CURRENCIES, { label: 'Currency', required: true }),
    multiplier: number({ label: 'Multiplier', required: true, min: 0, max: 1e6 }),
    voltage: choice(VOLTAGES, { label: 'Voltage', required: true }),
  },
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
