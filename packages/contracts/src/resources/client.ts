import { defineResource } from '../define-resource';
import { shortcode } from '../fields';
import { active, description, groupRef, title, titleJoin } from './common';

export const client = defineResource({
  name: 'client',
  label: 'Client',
  node: 'client',
  fields: {
    groupId: groupRef(),
    title: title(),
    description: description(),
    shortcode: shortcode({ label: 'Shortcode', search: true, sort: true }),
    active: active(),
  },
  joins: { groupTitle: titleJoin('groupId', 'Group') },
  list: ['groupTitle', 'title', 'description', 'shortcode', 'active', 'created', 'updated'],
  access: { read: 'scoped' },
  defaultSort: { key: 'title', direction: 'ASC' },
});
