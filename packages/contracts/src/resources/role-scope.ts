import { defineResource, type JoinDef } from '../define-resource';
import type { FieldDef } from '../fields';
import { HIERARCHY_LEVEL_FIELDS, HIERARCHY_LEVELS, type HierarchyLevel } from '../hierarchy';
import { areaRef, clientRef, groupRef, locationRef, podRef, roleRef, titleJoin } from './common';

const LEVEL_LABELS: Record<HierarchyLevel, string> = {
  group: 'Group',
  client: 'Client',
  location: 'Location',
  area: 'Area',
  pod: 'Pod',
};

/** role-group .. role-pod: bind a role to one node of the hierarchy and everything below it. */
function roleScope(level: HierarchyLevel) {
  const depth = HIERARCHY_LEVELS.indexOf(level);
  const levels = HIERARCHY_LEVELS.slice(0, depth + 1);
  const refs: Record<HierarchyLevel, () => FieldDef> = {
    group: () => groupRef(),
    client: () => clientRef(),
    location: () => locationRef(),
    area: () => areaRef(),
    pod: () => podRef('areaId'),
  };
  const fields: Record<string, FieldDef> = { roleId: roleRef() };
  const joins: Record<string, JoinDef> = { roleTitle: titleJoin('roleId', 'Role') };
  for (const l of levels) {
    fields[HIERARCHY_LEVEL_FIELDS[l]] = refs[l]();
    joins[`${l}Title`] = titleJoin(HIERARCHY_LEVEL_FIELDS[l], LEVEL_LABELS[l]);
  }
  const label = `Role ${LEVEL_LABELS[level]}`;
  return defineResource({
    name: `role-${level}`,
    label,
    fields,
    joins,
    list: ['roleTitle', ...levels.map((l) => `${l}Title`)],
    verbs: ['list', 'read', 'create', 'delete'],
    unique: [`roleId+${HIERARCHY_LEVEL_FIELDS[level]}`],
    access: { read: 'admin' },
  });
}

export const roleGroup = roleScope('group');
export const roleClient = roleScope('client');
export const roleLocation = roleScope('location');
export const roleArea = roleScope('area');
export const rolePod = roleScope('pod');
