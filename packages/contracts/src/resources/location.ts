import { CITIES, COUNTRIES } from '../choices';
import { defineResource } from '../define-resource';
import { choice, number, text } from '../fields';
import { active, clientRef, description, groupRef, title, titleJoin } from './common';

export const location = defineResource({
  name: 'location',
  label: 'Location',
  node: 'location',
  fields: {
    groupId: groupRef(),
    clientId: clientRef(),
    title: title(),
    description: description(),
    country: choice(COUNTRIES, { label: 'Country', required: true, search: true, sort: true }),
    city: choice(CITIES, { label: 'City', required: true, search: true, sort: true }),
    address: text({ label: 'Address', required: true, search: true }),
    contactName: text({ label: 'Contact Name', required: true, search: true }),
    contactNumber: text({ label: 'Contact Number', required: true, max: 40 }),
    boxCount: number({ label: 'Box Count', required: true, int: true, min: 0, max: 1_000_000, sort: true }),
    latitude: number({ label: 'Latitude', min: -90, max: 90 }),
    longitude: number({ label: 'Longitude', min: -180, max: 180 }),
    active: active(),
  },
  joins: { groupTitle: titleJoin('groupId', 'Group'), clientTitle: titleJoin('clientId', 'Client') },
  list: ['title', 'description', 'country', 'city', 'address'],
  access: { read: 'scoped' },
  defaultSort: { key: 'title', direction: 'ASC' },
});
