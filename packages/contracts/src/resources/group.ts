import { defineResource } from '../define-resource';
import { shortcode } from '../fields';
import { active, description, title } from './common';

export const group = defineResource({
  name: 'group',
  table: 'app_group',
  label: 'Group',
  node: 'group',
  fields: {
    title: title(),
    description: description(),
    shortcode: shortcode({ label: 'Shortcode', search: true, sort: true }),
    active: active(),
  },
  list: ['title', 'description', 'shortcode', 'active', 'created', 'updated'],
  access: { read: 'scoped' },
  defaultSort: { key: 'title', direction: 'ASC' },
});
