import { defineResource } from '../define-resource';
import { tags } from '../fields';
import { SENSOR_TYPES } from '../sensor-types';
import { TIP_TAG_LABELS } from '../tips';
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
    // A checkbox per sensor type; the specs' "Water Usage" is the WATER_FLOW tag (docs/domain.md#spec-fixes).
    tags: tags(SENSOR_TYPES, { label: 'Tags', required: true, valueLabels: TIP_TAG_LABELS }),
    active: active(),
  },
  joins: { locationTitle: titleJoin('locationId', 'Location') },
  list: ['locationTitle', 'title', 'description'],
  access: { read: 'scoped' },
});
