import { NOTIFICATION_TYPES, SEVERITIES } from '../choices';
import { defineResource } from '../define-resource';
import { choice, number, ref } from '../fields';
import { groupRef, titleJoin } from './common';

export const notification = defineResource({
  name: 'notification',
  label: 'Notification',
  fields: {
    groupId: groupRef(),
    clientId: ref('client', { label: 'Client', parent: 'groupId' }),
    podId: ref('pod', { label: 'Pod', parent: 'clientId' }),
    sensorId: ref('sensor', { label: 'Sensor' }),
    value: number({ label: 'Value', sort: true, min: -1e12, max: 1e12 }),
    /** The rule's threshold when the notification was raised (a rule's steps only). */
    threshold: number({ label: 'Limit', min: -1e12, max: 1e12 }),
    type: choice(NOTIFICATION_TYPES, { label: 'Type', sort: true }),
    severity: choice(SEVERITIES, { label: 'Severity', sort: true }),
  },
  joins: {
    groupTitle: titleJoin('groupId', 'Group'),
    podTitle: titleJoin('podId', 'Pod'),
    sensorTitle: titleJoin('sensorId', 'Sensor'),
  },
  list: ['groupTitle', 'value', 'type', 'severity', 'created'],
  columnLabels: { created: 'Created At' },
  scopeVia: 'podId',
  access: { read: 'scoped' },
  // Its deliveries to users go with a notification.
  owns: ['user-notification'],
  defaultSort: { key: 'created', direction: 'DESC' },
});
