import { defineResource } from '../define-resource';
import { flag, ref, text } from '../fields';
import { roleRef, titleJoin } from './common';

export const user = defineResource({
  name: 'user',
  table: 'app_user',
  label: 'User',
  fields: {
    roleId: roleRef(),
    // The user's picture, picked from the uploaded images (optional).
    assetId: ref('asset', { label: 'Asset' }),
    firstName: text({ label: 'First Name', required: true, search: true, sort: true, max: 100 }),
    lastName: text({ label: 'Last Name', required: true, search: true, sort: true, max: 100 }),
    email: text({ label: 'Email', required: true, search: true, sort: true, format: 'email' }),
    password: text({ label: 'Password', format: 'password', writeOnly: true, requiredOnCreate: true }),
    active: flag({ label: 'Active', default: true }),
    verified: flag({ label: 'Verified', default: false, sort: true }),
  },
  joins: { roleTitle: titleJoin('roleId', 'Role') },
  list: ['roleTitle', 'firstName', 'lastName', 'email', 'active', 'verified'],
  unique: ['email'],
  access: { read: 'admin' },
  // A user's inbox goes with the user.
  owns: ['user-notification'],
  defaultSort: { key: 'created', direction: 'DESC' },
});
