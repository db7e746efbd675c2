import { defineResource } from '../define-resource';
import { podRef, sensorRef, titleJoin } from './common';

export const podSensor = defineResource({
  name: 'pod-sensor',
  label: 'Pod Sensor',
  heading: 'Configuration',
  fields: { podId: podRef(null), sensorId: sensorRef() },
  joins: { podTitle: titleJoin('podId', 'Pod'), sensorTitle: titleJoin('sensorId', 'Sensor') },
  list: ['podTitle', 'sensorTitle', 'created'],
  verbs: ['list', 'read', 'create', 'delete'],
  scopeVia: 'podId',
  unique: ['podId+sensorId'],
  access: { read: 'scoped' },
});
