import { defineResource } from '../define-resource';
import { tags } from '../fields';
import { SENSOR_TYPES } from '../sensor-types';
import { active, clientRef, description, groupRef, locationRef, title, titleJoin } from './common';

export const tip = defineResource({
  name: 'tip',
  label: 'Tip',
  fields: {
    groupId: groupRef(),
    clientId: clientRef(),
    locationId: locationRef(),
    title: title('Tip Title'),
    description: description(),
    tags: tags(SENSOR_TYPES, { label: 'Tags', required: true }),
    active: active(),
  },
  joins: { locationTitle: titleJoin('locationId', 'Location') },
  list: ['locationTitle', 'title', 'description'],
  access: { read: 'scoped' },
});
