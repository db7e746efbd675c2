import { DASHBOARD_PAGE_SIZES, isDateOnly, SENSOR_LABELS, SENSOR_TYPES, type SensorType } from '@greenpod/contracts';
import type { ChartKind, DashboardChartProps } from './chart/dashboard-chart-props';
import {
  addDays,
  DEFAULT_MINUTES,
  DEFAULT_RANGE_DAYS,
  LIVE_MINUTES,
  TAB_LABELS,
  TABS,
  type WindowMode,
} from './filters/dashboard-window';

export type Place = DashboardChartProps['place'];

/** Everything a dashboard view is, as its URL holds it: bookmarked, shared, reloaded, Back and Forward. */
export interface DashboardState {
  tab: WindowMode;
  minutes: number;
  /** yyyy-MM-dd, set only on the Date Range tab. */
  from?: string;
  to?: string;
  place: Place;
  sensor: SensorType;
  kind: ChartKind;
  compare: boolean;
  page: number;
  size: number;
}

/** Which page the state belongs to: the plain dashboard keeps the place in its path, the others in the query. */
export interface DashboardRoute {
  /** '' or '/<groupShortcode>/<clientShortcode>'. */
  prefix: string;
  live: boolean;
}

export const DEFAULT_SENSOR: SensorType = 'ELECTRICITY';
export const DEFAULT_STATE: DashboardState = {
  tab: 'live',
  minutes: DEFAULT_MINUTES,
  place: {},
  sensor: DEFAULT_SENSOR,
  kind: 'bar',
  compare: false,
  page: 1,
  size: DASHBOARD_PAGE_SIZES[0],
};

const MAX_ID = 2_147_483_647;
const MAX_PAGE = 1_000_000;

function positiveInt(raw: string, max: number): number | undefined {
  if (!/^\d{1,10}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= 1 && n <= max ? n : undefined;
}

/** The Live choice nearest a number of minutes (25 -> 20, 99 -> 60). */
function nearestMinutes(n: number): number {
  return LIVE_MINUTES.reduce((best, m) => (Math.abs(m - n) < Math.abs(best - n) ? m : best), DEFAULT_MINUTES);
}

export interface ParsedDashboard {
  state: DashboardState;
  /** One short sentence per value of the URL that could not be used, saying what opens instead. */
  problems: string[];
}

/**
 * Reads a dashboard URL. Nothing in it can fail: an unknown or impossible value gives way to the
 * nearest valid one and adds a problem, so a bad link opens a dashboard, never a blank page.
 * `path` holds the route's own :location and :area; `today` is yyyy-MM-dd on the viewer's clock.
 */
export function parseDashboard(
  path: { location?: string; area?: string },
  search: URLSearchParams,
  route: DashboardRoute,
  today: string,
): ParsedDashboard {
  const problems: string[] = [];
  const state: DashboardState = { ...DEFAULT_STATE, place: {} };
  const get = (key: string) => {
    const v = search.get(key);
    return v === null || v === '' ? undefined : v;
  };

  const tab = get('tab');
  if (!route.live && tab !== undefined) {
    if ((TABS as readonly string[]).includes(tab)) state.tab = tab as WindowMode;
    else problems.push(`There is no time tab "${tab}": showing ${TAB_LABELS[state.tab]}.`);
  }

  const minutes = get('minutes');
  if (minutes !== undefined && state.tab === 'live') {
    const n = Number(minutes);
    if (!Number.isFinite(n))
      problems.push(`The timeframe "${minutes}" is not a number: showing ${DEFAULT_MINUTES} mins.`);
    else {
      state.minutes = nearestMinutes(n);
      if (state.minutes !== n) problems.push(`Live covers 10 to 60 minutes in tens: showing ${state.minutes} mins.`);
    }
  }

  if (state.tab === 'range') readRange(get('from'), get('to'), today, state, problems);

  const id = (key: 'location' | 'area' | 'pod', fromPath?: string) => {
    const raw = fromPath ?? get(key);
    if (raw === undefined) return undefined;
    const n = positiveInt(raw, MAX_ID);
    if (n === undefined) problems.push(`"${raw}" is not a ${key}: showing all of them instead.`);
    return n;
  };
  const locationId = id('location', path.location);
  const areaId = id('area', path.area);
  const podId = id('pod');
  if (locationId !== undefined) state.place.locationId = locationId;
  if (areaId !== undefined) state.place.areaId = areaId;
  if (podId !== undefined) state.place.podId = podId;

  const sensor = get('sensor')?.toUpperCase();
  if (sensor !== undefined) {
    if ((SENSOR_TYPES as readonly string[]).includes(sensor)) state.sensor = sensor as SensorType;
    else problems.push(`There is no sensor type "${get('sensor')}": showing ${SENSOR_LABELS[state.sensor]}.`);
  }

  const chart = get('chart');
  if (chart === 'bar' || chart === 'area') state.kind = chart;
  else if (chart !== undefined) problems.push(`There is no "${chart}" chart: showing bars.`);

  const compare = get('compare');
  if (compare === '1') state.compare = true;
  else if (compare !== undefined && compare !== '0')
    problems.push('The previous-period switch was unreadable: it is off.');

  const size = get('size');
  if (size !== undefined) {
    const n = Number(size);
    if ((DASHBOARD_PAGE_SIZES as readonly number[]).includes(n)) state.size = n;
    else problems.push(`Pages hold ${DASHBOARD_PAGE_SIZES.join(', ')} cards: showing ${state.size}.`);
  }
  const page = get('page');
  if (page !== undefined) {
    const n = positiveInt(page, MAX_PAGE);
    if (n === undefined) problems.push(`There is no page "${page}": showing the first.`);
    else state.page = n;
  }
  return { state, problems };
}

function readRange(
  from: string | undefined,
  to: string | undefined,
  today: string,
  state: DashboardState,
  problems: string[],
) {
  let start = from !== undefined && isDateOnly(from) ? from : undefined;
  let end = to !== undefined && isDateOnly(to) ? to : undefined;
  if ((from !== undefined && !start) || (to !== undefined && !end))
    problems.push('A date in this link is not a date: showing the last 7 days.');
  if (!start || !end) {
    start = addDays(today, 1 - DEFAULT_RANGE_DAYS);
    end = today;
  }
  if (end > today || start > today) {
    problems.push('Dates after today have no readings: the range ends today.');
    if (end > today) end = today;
    if (start > today) start = today;
  }
  if (end < start) {
    problems.push('The range ended before it started: it now covers one day.');
    end = start;
  }
  state.from = start;
  state.to = end;
}
