import { DATE_ONLY, isTimeZone, parseWireTime, plainText, type TimeWindow, WINDOW_MODES } from '@greenpod/contracts';
import { z } from 'zod';
import { parseDataTableParams } from '../crud/list-query';
import { badRequest, toValidationErrors } from '../http/errors';
import { recordId } from '../http/route-schemas';
import type { PlaceFilter } from './dashboard-scope';
import { resolveWindow } from './window';

// Query values arrive as strings (or numbers inside JSON); "" and null mean "All ...".
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const id = (label: string) => z.preprocess(blank, recordId(label).optional());

/** The dashboard's filter and window fields, as the querystring and as fetchParams carry them. */
export const placeAndWindowShape = {
  clientId: id('clientId'),
  locationId: id('locationId'),
  areaId: id('areaId'),
  podId: id('podId'),
  mode: z.preprocess(
    blank,
    z.enum(WINDOW_MODES, { error: `mode must be one of ${WINDOW_MODES.join(', ')}` }).optional(),
  ),
  minutes: z.preprocess(blank, z.coerce.number({ error: 'minutes must be a number' }).optional()),
  fromValue: z.preprocess(blank, plainText(z.string().max(40)).optional()),
  toValue: z.preprocess(blank, plainText(z.string().max(40)).optional()),
  tz: z.preprocess(blank, plainText(z.string().max(64)).optional()),
};
const placeAndWindow = z.object(placeAndWindowShape).strict();
export type PlaceAndWindow = z.output<typeof placeAndWindow>;

export const graphQuery = z.object(placeAndWindowShape);
export const statAllQuery = z.object({ dataTableParams: z.unknown().optional(), ...placeAndWindowShape });
export const countQuery = z.object({ locationId: placeAndWindowShape.locationId });

/**
 * The window a request asks for: `minutes` means Live; `mode` names a tab (Date Range with
 * `fromValue`/`toValue` as yyyy-MM-dd in the viewer's zone); two yyyy-MM-dd dates alone are a Date
 * Range too; two wire times (yyyy-MM-dd HH:mm:ss UTC, as the browser shifts them) are taken as they
 * are, [from, to). Nothing at all means Day.
 */
export function windowOf(p: PlaceAndWindow, now: Date): { window: TimeWindow; tz: string } {
  const tz = p.tz ?? 'UTC';
  if (!isTimeZone(tz))
    throw badRequest(`Unknown time zone ${tz}`, { tz: ['Use an IANA time zone such as Europe/London'] });
  if ((p.fromValue === undefined) !== (p.toValue === undefined) && p.mode !== 'range') {
    const missing = p.fromValue === undefined ? 'fromValue' : 'toValue';
    throw badRequest(`${missing} is required with ${missing === 'fromValue' ? 'toValue' : 'fromValue'}`, {
      [missing]: ['Required'],
    });
  }
  const range = { from: p.fromValue, to: p.toValue, tz, now };
  if (p.mode) return { window: resolveWindow({ mode: p.mode, minutes: p.minutes, ...range }), tz };
  if (p.minutes !== undefined) return { window: resolveWindow({ mode: 'live', minutes: p.minutes, tz, now }), tz };
  if (p.fromValue === undefined || p.toValue === undefined)
    return { window: resolveWindow({ mode: 'day', tz, now }), tz };
  if (DATE_ONLY.test(p.fromValue) && DATE_ONLY.test(p.toValue))
    return { window: resolveWindow({ mode: 'range', ...range }), tz };
  const from = parseWireTime(p.fromValue);
  const to = parseWireTime(p.toValue);
  if (!from)
    throw badRequest('fromValue is not a valid time', { fromValue: ['Use yyyy-MM-dd HH:mm:ss (UTC) or yyyy-MM-dd'] });
  if (!to)
    throw badRequest('toValue is not a valid time', { toValue: ['Use yyyy-MM-dd HH:mm:ss (UTC) or yyyy-MM-dd'] });
  if (to <= from) throw badRequest('The end is not after the start', { toValue: ['Choose an end after the start'] });
  return { window: { from, to }, tz };
}

export const placeOf = (p: PlaceAndWindow): PlaceFilter => ({
  clientId: p.clientId,
  locationId: p.locationId,
  areaId: p.areaId,
  podId: p.podId,
});

// stat-all spells the ids locationID/areaID/podID (docs/api.md#dashboards), live performance locationId/...
const SPELLINGS: Record<string, string> = {
  clientID: 'clientId',
  locationID: 'locationId',
  areaID: 'areaId',
  podID: 'podId',
};
export const DASHBOARD_PAGING = 5;
/** What a client may put in dataTableParams itself as well as in its fetchParams, in either spelling. */
const DASHBOARD_FILTERS = [...Object.keys(placeAndWindowShape), ...Object.keys(SPELLINGS)];

/**
 * stat-all's dataTableParams (JSON or bracket form) merged with the top-level fields, which win. The
 * window and place may sit in dataTableParams.fetchParams or straight in dataTableParams.
 * Paging defaults to 5 cards (the dashboard's first page size), not the lists' 10.
 */
export function readStatQuery(query: z.output<typeof statAllQuery>) {
  const { dataTableParams, ...top } = query;
  const dtp = parseDataTableParams(dataTableParams, { filtersAtTop: DASHBOARD_FILTERS });
  if (dtp.colKey !== undefined && dtp.colKey !== 'title')
    throw badRequest(`Cannot sort on ${dtp.colKey}`, { colKey: ['Choose title'] });
  if (dtp.searchField !== undefined && dtp.searchField !== 'title')
    throw badRequest(`Cannot search on ${dtp.searchField}`, { searchField: ['Choose title'] });
  const fetch = Object.fromEntries(Object.entries(dtp.fetchParams ?? {}).map(([k, v]) => [SPELLINGS[k] ?? k, v]));
  const defined = Object.fromEntries(Object.entries(top).filter(([, v]) => v !== undefined));
  const parsed = placeAndWindow.safeParse({ ...fetch, ...defined });
  if (!parsed.success) {
    // An unknown key has no path of its own: name the object it came in, as the CRUD lists do.
    const issues = parsed.error.issues.map((i) =>
      i.code === 'unrecognized_keys' ? { path: ['fetchParams'], message: `Unknown field ${i.keys.join(', ')}` } : i,
    );
    throw badRequest('Invalid dashboard filter', toValidationErrors(issues));
  }
  const paging = hasPaging(dataTableParams) ? dtp.paging : DASHBOARD_PAGING;
  return {
    fields: parsed.data,
    skip: (dtp.offset - 1) * paging,
    limit: paging,
    search: dtp.searchWord ?? dtp.baseSearch,
    direction: dtp.sortDirection ?? 'ASC',
  };
}

function hasPaging(raw: unknown): boolean {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return false;
    }
  }
  return typeof value === 'object' && value !== null && 'paging' in value;
}
