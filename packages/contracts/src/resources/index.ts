import type { Resource } from '../define-resource';
import { alert } from './alert';
import { area } from './area';
import { asset } from './asset';
import { client } from './client';
import { configuration } from './configuration';
import { configurationRole } from './configuration-role';
import { group } from './group';
import { location } from './location';
import { measurement } from './measurement';
import { notification } from './notification';
import { pod } from './pod';
import { podSensor } from './pod-sensor';
import { role } from './role';
import { roleArea, roleClient, roleGroup, roleLocation, rolePod } from './role-scope';
import { rule } from './rule';
import { savings } from './savings';
import { sensor } from './sensor';
import { tariff } from './tariff';
import { tip } from './tip';
import { user } from './user';
import { userNotification } from './user-notification';

/** Every plain entity. The server builds routes, the web builds screens, tests check each. */
const REGISTRY = [
  role,
  user,
  group,
  client,
  location,
  area,
  pod,
  sensor,
  podSensor,
  measurement,
  tariff,
  savings,
  rule,
  alert,
  tip,
  notification,
  userNotification,
  roleGroup,
  roleClient,
  roleLocation,
  roleArea,
  rolePod,
  configuration,
  configurationRole,
  asset,
] as const;

/** The name of a registry resource: maps keyed by it fail to compile when a resource is renamed or mistyped. */
export type ResourceName = (typeof REGISTRY)[number]['name'];

export const RESOURCES: readonly Resource[] = REGISTRY;

export const RESOURCE_NAMES: readonly ResourceName[] = REGISTRY.map((r) => r.name);

export const isResourceName = (name: string): name is ResourceName =>
  (RESOURCE_NAMES as readonly string[]).includes(name);

/** This resource's entry in a map keyed by resource name (its hooks, its factory needs ...), if it has one. */
export function entryFor<T>(map: Partial<Record<ResourceName, T>>, resource: Pick<Resource, 'name'>): T | undefined {
  return isResourceName(resource.name) ? map[resource.name] : undefined;
}

export const RESOURCE_BY_NAME: ReadonlyMap<string, Resource> = new Map(RESOURCES.map((r) => [r.name, r]));

/** A registry resource by name; the name is checked at compile time, and at run time for names from outside. */
export function getResource(name: ResourceName): Resource {
  const r = RESOURCE_BY_NAME.get(name);
  if (!r) throw new Error(`Unknown resource ${name}`);
  return r;
}

export {
  alert,
  area,
  asset,
  client,
  configuration,
  configurationRole,
  group,
  location,
  measurement,
  notification,
  pod,
  podSensor,
  role,
  roleArea,
  roleClient,
  roleGroup,
  roleLocation,
  rolePod,
  rule,
  savings,
  sensor,
  tariff,
  tip,
  user,
  userNotification,
};
