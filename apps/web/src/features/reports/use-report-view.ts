import { isDateOnly, lastClosedMonth, REPORT_PERIOD_KINDS, type ReportPeriodKind, todayIn } from '@greenpod/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useTimeZone } from '../../lib/preferences';
import { periodOf, type ReportPeriod } from './report-period';

/** What /reports shows: a place (each level optional; none is the client) and a period. */
export interface ReportView {
  clientId?: number;
  locationId?: number;
  areaId?: number;
  podId?: number;
  period: ReportPeriod;
}

const id = (value: string | null) => {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * The view is the URL (`client`, `location`, `area`, `pod`, `period`, `from`, `to`; the last closed month left
 * out), as the dashboard keeps its own (docs/decisions/0023), so a report can be linked and Back returns to the
 * one before. A month, quarter or year is named by its first day; a custom period by both dates, kept as typed so
 * the picker can say what is wrong with them. The viewer's today and zone come along: the period is on their
 * calendar.
 */
export function useReportView() {
  const [params, setParams] = useSearchParams();
  const tz = useTimeZone();
  const instant = new Date();
  const today = todayIn(tz, instant);
  // The last closed month on the viewer's calendar (what the monthly mail sends): the default period. Its two
  // strings, not a new object each render, are what the view depends on.
  const { from: defaultFrom, to: defaultTo } = lastClosedMonth(tz, instant);
  const view = useMemo((): ReportView => {
    const kindParam = params.get('period') as ReportPeriodKind | null;
    const kind = kindParam && REPORT_PERIOD_KINDS.includes(kindParam) ? kindParam : 'month';
    const from = params.get('from') ?? defaultFrom;
    const to = params.get('to') ?? defaultTo;
    const period: ReportPeriod =
      kind === 'custom'
        ? { kind, from, to }
        : periodOf(kind, { from: isDateOnly(from) ? from : defaultFrom, to }, today);
    const clientId = id(params.get('client'));
    const locationId = id(params.get('location'));
    const areaId = locationId === undefined ? undefined : id(params.get('area'));
    const podId = areaId === undefined ? undefined : id(params.get('pod'));
    return { clientId, locationId, areaId, podId, period };
  }, [params, defaultFrom, defaultTo, today]);

  const change = useCallback(
    (next: Partial<ReportView>) => {
      const v = { ...view, ...next };
      const search = new URLSearchParams();
      if (v.clientId !== undefined) search.set('client', String(v.clientId));
      if (v.locationId !== undefined) search.set('location', String(v.locationId));
      if (v.areaId !== undefined) search.set('area', String(v.areaId));
      if (v.podId !== undefined) search.set('pod', String(v.podId));
      const p = v.period;
      if (p.kind !== 'month') search.set('period', p.kind);
      if (p.kind === 'custom' || p.from !== defaultFrom) search.set('from', p.from);
      if (p.kind === 'custom') search.set('to', p.to);
      setParams(search);
    },
    [view, setParams, defaultFrom],
  );
  return { view, change, today, tz };
}
