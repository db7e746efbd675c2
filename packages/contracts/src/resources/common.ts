import { flag, ref, text } from '../fields';

/** Fields many entities share, defined once. */
export const title = (label = 'Title') => text({ label, required: true, search: true, sort: true });
export const description = (required = true) =>
  text({ label: 'Description', required, search: true, format: 'multiline' });
export const active = () => flag({ label: 'Active', default: true });

export const groupRef = (o: { hideInForm?: boolean; virtual?: boolean } = {}) =>
  ref('group', { label: 'Group', required: true, ...o });
export const clientRef = (o: { hideInForm?: boolean; virtual?: boolean } = {}) =>
  ref('client', { label: 'Client', required: true, parent: 'groupId', ...o });
export const locationRef = (o: { hideInForm?: boolean } = {}) =>
  ref('location', { label: 'Location', required: true, parent: 'clientId', ...o });
export const areaRef = (o: { hideInForm?: boolean } = {}) =>
  ref('area', { label: 'Area', required: true, parent: 'locationId', ...o });
/** Pods are picked by client (docs/screens.md#admin-forms) unless an area select stands before them. */
export const podRef = (parent: 'clientId' | 'areaId' | null = 'clientId') =>
  ref('pod', { label: 'Pod', required: true, ...(parent ? { parent } : {}) });
export const sensorRef = () => ref('sensor', { label: 'Sensor', required: true });
export const roleRef = () => ref('role', { label: 'Role', required: true });

export const titleJoin = (via: string, label: string) => ({ via, column: 'title', label });
