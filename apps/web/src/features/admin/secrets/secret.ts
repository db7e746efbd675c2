import { entryFor, type Resource, type ResourceName } from '@greenpod/contracts';
import { apiRequest } from '../../../lib/api-client';

/** `ingestKey` -> "Ingest key": the modal's title and the confirmation's wording. */
export function secretLabel(field: string): string {
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The last word names what the user handles: "Ingest key" -> "key". */
const secretNoun = (field: string) => secretLabel(field).toLowerCase().split(' ').at(-1) ?? 'secret';

/** How a resource's secret is used, shown under it. The rest of the modal is generic. */
export const SECRET_USAGE = {
  pod:
    'The pod signs in to MQTT with its identifier as user name and this key as password, ' +
    'or sends Authorization: Pod <identifier>:<key> to POST /api/ingest.',
} satisfies Partial<Record<ResourceName, string>>;

export function secretNote(resource: Resource, field: string): string {
  const once = `Copy this ${secretNoun(field)} now: it is shown only once.`;
  const usage = entryFor<string>(SECRET_USAGE, resource);
  return usage ? `${once} ${usage}` : once;
}

export function rotatePrompt(resource: Resource, field: string): string {
  return `Rotate the ${secretLabel(field).toLowerCase()}? The ${resource.label.toLowerCase()} must be given the new ${secretNoun(field)}.`;
}

/** The secret a create or rotate response carries beside (or in) `data`, when it is a string. */
export function secretOf(payload: Record<string, unknown>, field: string): string | null {
  const value = payload[field];
  return typeof value === 'string' && value !== '' ? value : null;
}

const kebab = (field: string) => field.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

/** POST /api/<name>/:id/<secret in kebab-case> (pod: /api/pod/:id/ingest-key) answers `{data: {<secret>}}`. */
export async function rotateSecret(resource: Resource, field: string, id: number): Promise<string> {
  const { data } = await apiRequest<{ data: Record<string, unknown> }>(`/${resource.name}/${id}/${kebab(field)}`, {
    method: 'POST',
  });
  const secret = secretOf(data, field);
  if (!secret) throw new Error(`The server did not return a new ${secretLabel(field).toLowerCase()}`);
  return secret;
}
