import { z } from 'zod';

export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_TILE_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

// {s} (a rotating subdomain) may stand only for the host's first label: a CSP source can say "*." there
// and nowhere else.
const TEMPLATE = /^(https?):\/\/((?:\{s\}\.)?[A-Za-z0-9.-]+(?::\d{1,5})?)\/\S*$/;

/**
 * The origin a tile URL template loads images from, as a CSP source (docs/api.md#the-map):
 * https://{s}.tile.example.org/{z}/{x}/{y}.png -> https://*.tile.example.org. Undefined when the
 * template is not one Greenpod accepts.
 */
export function tileOrigin(template: string): string | undefined {
  const match = TEMPLATE.exec(template);
  if (!match) return undefined;
  const [, scheme, host = ''] = match;
  if (!URL.canParse(`${scheme}://${host.replace('{s}', 'a')}`)) return undefined;
  return `${scheme}://${host.replace('{s}', '*')}`.toLowerCase();
}

/** MAP_TILE_URL: a Leaflet template with {z}, {x} and {y} on an http(s) host, or empty for no tiles. */
export const tileUrlSchema = z
  .string()
  .refine(
    (t) => tileOrigin(t) !== undefined && ['{z}', '{x}', '{y}'].every((p) => t.includes(p)),
    'must be a tile URL template such as https://tile.openstreetmap.org/{z}/{x}/{y}.png ({s} only as the first label of the host), or empty',
  );
