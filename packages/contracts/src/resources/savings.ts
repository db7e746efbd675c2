import { PERIOD_TYPES } from '../choices';
import { defineResource } from '../define-resource';
import { choice, number, text } from '../fields';
import { SAVING_METHODS, SAVING_SENSOR_TYPES, SAVING_STATUSES, SAVING_UNITS } from '../savings';
import { clientRef, groupRef, podRef, titleJoin } from './common';

const figure = (label: string, sort = false) => number({ label, readOnly: true, sort, min: -1e15, max: 1e15 });

/**
 * One saving per pod, sensor type and closed period (docs/domain.md#savings). The server computes every
 * row (the scheduler, or Create Savings through POST /api/savings): the list is read-only, rows can be deleted
 * through the API so a period can be computed again.
 */
export const savings = defineResource({
  name: 'savings',
  table: 'saving',
  label: 'Saving',
  heading: 'Savings',
  fields: {
    groupId: groupRef({ hideInForm: true }),
    clientId: clientRef({ hideInForm: true }),
    podId: podRef(),
    sensorType: choice(SAVING_SENSOR_TYPES, { label: 'Sensor type', readOnly: true, sort: true }),
    type: choice(PERIOD_TYPES, { label: 'Time Interval', readOnly: true, sort: true }),
    timeRange: text({ label: 'Timeframe', readOnly: true }),
    periodStart: text({ label: 'Period Start', readOnly: true, format: 'date', sort: true }),
    periodEnd: text({ label: 'Period End', readOnly: true, format: 'date' }),
    expected: figure('Expected'),
    actual: figure('Actual'),
    avoided: figure('Avoided'),
    unit: choice(SAVING_UNITS, { label: 'Unit', readOnly: true }),
    valueFlat: figure('Amount saved (flat)', true),
    currency: text({ label: 'Currency', readOnly: true }),
    valuePercentage: figure('Percentage', true),
    uncertainty: figure('Uncertainty (+/-)'),
    stars: number({ label: 'Stars (rating)', readOnly: true, int: true, sort: true, min: 0, max: 5 }),
    method: choice(SAVING_METHODS, { label: 'Method', readOnly: true }),
    status: choice(SAVING_STATUSES, { label: 'Status', readOnly: true, sort: true }),
    completeness: figure('Completeness'),
  },
  joins: { podTitle: titleJoin('podId', 'Pod') },
  list: ['podTitle', 'sensorType', 'valueFlat', 'valuePercentage', 'stars', 'timeRange', 'type', 'created'],
  columnLabels: { created: 'Created At' },
  verbs: ['list', 'read', 'delete'],
  customCreate: true,
  rowActions: false,
  createLabel: 'Create Savings',
  scopeVia: 'podId',
  access: { read: 'scoped' },
  defaultSort: { key: 'periodStart', direction: 'DESC' },
});
