import { CONDITIONS, SEVERITIES } from '../choices';
import { defineResource } from '../define-resource';
import { choice, number, text } from '../fields';
import { clientRef, description, groupRef, podRef, sensorRef, title, titleJoin } from './common';

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
    thresholdValue: number({ label: 'Threshold Value', required: true, sort: true, min: -1e12, max: 1e12 }),
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
});
