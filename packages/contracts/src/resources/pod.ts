import { VOLTAGES } from '../choices';
import { defineResource } from '../define-resource';
import { choice, flag, text } from '../fields';
import { active, areaRef, clientRef, description, groupRef, locationRef, title, titleJoin } from './common';

export const pod = defineResource({
  name: 'pod',
  label: 'Pod',
  node: 'pod',
  fields: {
    groupId: groupRef(),
    clientId: clientRef(),
    locationId: locationRef(),
    areaId: areaRef(),
    // The identifier names the pod's MQTT topic and user name, so it keeps to topic-safe characters.
    identifier: text({ label: 'Identifier', required: true, search: true, sort: true, max: 64, format: 'slug' }),
    title: title(),
    description: description(),
    voltage: choice(VOLTAGES, { label: 'Voltage', required: true, sort: true }),
    active: active(),
    // An outdoor pod measures its location's weather (degree days); it stays out of averages and scores.
    outdoor: flag({ label: 'Outdoor', default: false }),
  },
  joins: { locationTitle: titleJoin('locationId', 'Location'), areaTitle: titleJoin('areaId', 'Area') },
  list: ['locationTitle', 'areaTitle', 'identifier', 'title', 'voltage'],
  unique: ['identifier'],
  secretOnCreate: 'ingestKey',
  access: { read: 'scoped' },
  // Its readings (and, server-side, their rollups, episodes and queue rows) and sensor links go with a pod;
  // its savings too; rules, alerts, tariffs, notifications and role bindings naming it still block its deletion.
  owns: ['measurement', 'pod-sensor', 'savings'],
  defaultSort: { key: 'title', direction: 'ASC' },
});
