import { defineResource } from '../define-resource';
import { choice, number } from '../fields';
import { SENSOR_TYPES } from '../sensor-types';
import { clientRef, groupRef, podRef, sensorRef, titleJoin } from './common';

/**
 * Admin view of raw readings; pods send theirs through ingest. Group and client only steer the form.
 * An administrator may add, correct or delete one; the server keeps the rollups exact on each.
 */
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
  joins: {
    podTitle: titleJoin('podId', 'Pod'),
    sensorTitle: titleJoin('sensorId', 'Sensor Title'),
    // The pod's group and client, so the edit form opens with its cascading selects filled in.
    groupId: { via: 'podId', column: 'groupId', label: 'Group', numeric: true },
    clientId: { via: 'podId', column: 'clientId', label: 'Client', numeric: true },
  },
  list: ['podTitle', 'sensorTitle', 'value', 'created'],
  verbs: ['list', 'read', 'create', 'update', 'delete'],
  scopeVia: 'podId',
  access: { read: 'scoped' },
  defaultSort: { key: 'created', direction: 'DESC' },
});
