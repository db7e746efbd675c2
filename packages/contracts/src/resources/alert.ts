import { defineResource } from '../define-resource';
import { ref } from '../fields';
import { clientRef, groupRef, podRef, titleJoin } from './common';

/** An alert binds a rule to one more pod (docs/domain.md#rules). */
export const alert = defineResource({
  name: 'alert',
  label: 'Alert',
  fields: {
    groupId: groupRef(),
    clientId: clientRef(),
    podId: podRef(),
    ruleId: ref('rule', { label: 'Rule', required: true, parent: 'clientId' }),
  },
  joins: {
    podTitle: titleJoin('podId', 'Pod'),
    sensorTitle: titleJoin('ruleId.sensorId', 'Sensor'),
    ruleTitle: titleJoin('ruleId', 'Rule'),
  },
  list: ['podTitle', 'sensorTitle', 'ruleTitle', 'created'],
  columnLabels: { created: 'Created At' },
  unique: ['podId+ruleId'],
  scopeVia: 'podId',
  access: { read: 'scoped' },
});
