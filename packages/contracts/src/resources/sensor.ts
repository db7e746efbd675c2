import { defineResource } from '../define-resource';
import { choice } from '../fields';
import { SENSOR_TYPES } from '../sensor-types';
import { active, description, title } from './common';

/** Sensors are a catalogue shared by every client: any signed-in user may read it. */
export const sensor = defineResource({
  name: 'sensor',
  label: 'Sensor',
  fields: {
    title: title(),
    type: choice(SENSOR_TYPES, { label: 'Type', required: true, search: true, sort: true }),
    description: description(),
    active: active(),
  },
  list: ['title', 'type', 'description'],
  access: { read: 'authenticated' },
  defaultSort: { key: 'title', direction: 'ASC' },
});
