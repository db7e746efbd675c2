import { defineResource } from '../define-resource';
import { flag, ref } from '../fields';
import { titleJoin } from './common';

export const userNotification = defineResource({
  name: 'user-notification',
  label: 'User Notification',
  fields: {
    notificationId: ref('notification', {
      label: 'Notification',
      required: true,
      // "RESOLVED" alone says nothing of which one: its pod, sensor and time tell them apart.
      optionLabel: ['type', 'podTitle', 'sensorTitle', 'created'],
      placeholder: 'Please select a Notification',
    }),
    userId: ref('user', { label: 'User', optionLabel: 'email', placeholder: 'Please select a User' }),
    read: flag({ label: 'Read', default: false, sort: true }),
  },
  joins: {
    notificationTitle: { via: 'notificationId', column: 'type', label: 'Notification' },
    userEmail: { via: 'userId', column: 'email', label: 'email' },
    // What the bell and the notifications page say about each one, in the same list call.
    severity: { via: 'notificationId', column: 'severity', label: 'Severity' },
    notificationValue: { via: 'notificationId', column: 'value', label: 'Value', numeric: true },
    // With the limit, the sensor's type and the pod's voltage, a rule's step says what happened in alert
    // units: "Humidity 58 %, limit 60 %" (docs/domain.md#notifications).
    notificationLimit: { via: 'notificationId', column: 'threshold', label: 'Limit', numeric: true },
    sensorType: { via: 'notificationId.sensorId', column: 'type', label: 'Sensor type' },
    podVoltage: { via: 'notificationId.podId', column: 'voltage', label: 'Voltage', numeric: true },
    podTitle: titleJoin('notificationId.podId', 'Pod'),
    sensorTitle: titleJoin('notificationId.sensorId', 'Sensor'),
  },
  list: ['notificationTitle', 'userEmail', 'read', 'created'],
  columnLabels: { read: 'Type', created: 'Created At' },
  ownerField: 'userId',
  access: { read: 'own' },
  defaultSort: { key: 'created', direction: 'DESC' },
});
