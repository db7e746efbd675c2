import { defineResource } from '../define-resource';
import { flag, ref } from '../fields';

export const userNotification = defineResource({
  name: 'user-notification',
  label: 'User Notification',
  fields: {
    notificationId: ref('notification', {
      label: 'Notification',
      required: true,
      optionLabel: 'type',
      placeholder: 'Please select a Notification',
    }),
    userId: ref('user', { label: 'User', optionLabel: 'email', placeholder: 'Please select a User' }),
    read: flag({ label: 'Read', default: false, sort: true }),
  },
  joins: {
    notificationTitle: { via: 'notificationId', column: 'type', label: 'Notification' },
    userEmail: { via: 'userId', column: 'email', label: 'email' },
  },
  list: ['notificationTitle', 'userEmail', 'read', 'created'],
  columnLabels: { read: 'Type', created: 'Created At' },
  ownerField: 'userId',
  access: { read: 'own' },
  defaultSort: { key: 'created', direction: 'DESC' },
});
