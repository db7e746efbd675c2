import { CONDITIONS, SEVERITIES } from '../choices';
import { defineResource } from '../define-resource';
import { choice, number, text } from '../fields';
import { type Condition, clearLevelProblem, THRESHOLD_NOT_A_NUMBER, thresholdProblem } from '../rule-state';
import { clientRef, description, groupRef, podRef, sensorRef, title, titleJoin } from './common';

// Form inputs are strings, and blank means none.
const optionalNumber = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));

export const rule = defineResource({
  name: 'rule',
  label: 'Rule',
  fields: {
    groupId: groupRef(),
    clientId: clientRef(),
    podId: podRef(),
    sensorId: sensorRef(),
    title: title('Rule Title'),
    description: description(),
    condition: choice(CONDITIONS, { label: 'Condition', required: true, sort: true }),
    thresholdValue: number({
      label: 'Threshold Value',
      required: true,
      sort: true,
      min: -1e12,
      max: 1e12,
      notANumber: THRESHOLD_NOT_A_NUMBER,
    }),
    severity: choice(SEVERITIES, { label: 'Severity', required: true, sort: true }),
    action: text({ label: 'Action', required: true, search: true }),
    // Beyond the specs (docs/domain.md#rules): both optional, blank means none.
    delayMinutes: number({ label: 'Delay (minutes)', int: true, min: 0, max: 1440 }),
    clearLevel: number({ label: 'Clear Level', min: -1e12, max: 1e12 }),
  },
  joins: { podTitle: titleJoin('podId', 'Pod'), sensorTitle: titleJoin('sensorId', 'Sensor') },
  list: ['title', 'description', 'condition', 'thresholdValue', 'severity', 'action'],
  scopeVia: 'podId',
  access: { read: 'scoped' },
  checks: [
    // The bounds of the chosen sensor's type (docs/screens.md#rule).
    {
      field: 'thresholdValue',
      inputs: ['thresholdValue', 'sensorId'],
      lookup: { via: 'sensorId', column: 'type' },
      problem: (v, sensorType) => thresholdProblem(sensorType, v.thresholdValue),
    },
    // The clear level lies on the side a value returns to (docs/domain.md#rules).
    {
      field: 'clearLevel',
      inputs: ['condition', 'thresholdValue', 'clearLevel'],
      problem: (v) => {
        const threshold = optionalNumber(v.thresholdValue);
        if (threshold === null || !Number.isFinite(threshold)) return null; // the threshold's own check speaks
        return clearLevelProblem(v.condition as Condition, threshold, optionalNumber(v.clearLevel));
      },
    },
  ],
});
