import { defineResource } from '../define-resource';
import { active, clientRef, description, groupRef, locationRef, title, titleJoin } from './common';

export const area = defineResource({
  name: 'area',
  label: 'Area',
  node: 'area',
  fields: {
    groupId: groupRef(),
    clientId: clientRef(),
    locationId: locationRef(),
    title: title(),
    description: description(),
    active: active(),
  },
  joins: { locationTitle: titleJoin('locationId', 'Location') },
  list: ['locationTitle', 'title', 'description'],
  access: { read: 'scoped' },
  defaultSort: { key: 'title', direction: 'ASC' },
});
