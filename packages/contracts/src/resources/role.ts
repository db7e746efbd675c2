import { defineResource } from '../define-resource';
import { number } from '../fields';
import { description, title } from './common';

export const role = defineResource({
  name: 'role',
  label: 'Role',
  fields: {
    title: title(),
    description: description(),
    accessLevel: number({ label: 'Level Of Access', required: true, int: true, min: 0, max: 100, sort: true }),
  },
  list: ['title', 'description', 'accessLevel', 'created', 'updated'],
  access: { read: 'admin' },
  // Its scope bindings and theme link go with a role; its users block its deletion.
  owns: ['role-group', 'role-client', 'role-location', 'role-area', 'role-pod', 'configuration-role'],
  unique: ['title'],
  defaultSort: { key: 'accessLevel', direction: 'DESC' },
});
