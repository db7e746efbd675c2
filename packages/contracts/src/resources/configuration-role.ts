import { defineResource } from '../define-resource';
import { ref } from '../fields';
import { roleRef, titleJoin } from './common';

/** Which configuration (theme) a role's users get when they sign in. */
export const configurationRole = defineResource({
  name: 'configuration-role',
  label: 'Configuration Role',
  fields: {
    configurationId: ref('configuration', { label: 'Configuration', required: true, optionLabel: 'id' }),
    roleId: roleRef(),
  },
  joins: { roleTitle: titleJoin('roleId', 'Role') },
  list: ['configurationId', 'roleTitle', 'created'],
  unique: ['roleId'],
  access: { read: 'admin' },
});
