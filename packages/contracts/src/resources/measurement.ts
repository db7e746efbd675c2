import { defineResource } from '../define-resource';
import { choice, number } from '../fields';
import { SENSOR_TYPES } from '../sensor-types';
import { clientRef, groupRef, podRef, sensorRef, titleJoin } from './common';

/** Admin view of raw readings; pods send theirs through ingest. Group and client only steer the form. */
export const measurement = defineResource({
  name: 'measurement',
  label: 'Measurement',
  fields: {
    groupId: groupRef({ virtual: true }),
    clientId: clientRef({ virtual: true }),
    sensorId: sensorRef(),
    podId: podRef(),
    value: number({ label: 'Value', required: true, sort: true, min: -1e12, max: 1e12 }),
    sensorType: choice(SENSOR_TYPES, { label: 'Sensor Type', readOnly: true, sort: true }),
  },
  joins: { podTitle: titleJoin('podId', 'Pod'), sensorTitle: titleJoin('sensorId', 'Sensor Title') },
  list: ['podTitle', 'sensorTitle', 'value', 'created'],
  verbs: ['list', 'read', 'create', 'delete'],
  scopeVia: 'podId',
  access: { read: 'scoped' },
  defaultSort: { key: 'created', direction: 'DESC' },
});
