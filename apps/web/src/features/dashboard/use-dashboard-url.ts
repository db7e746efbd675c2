import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTimeZone } from '../../lib/preferences';
import { dashboardHref, withChange } from './dashboard-href';
import { type DashboardRoute, type DashboardState, parseDashboard } from './dashboard-state';
import { todayIn } from './filters/dashboard-window';

export interface DashboardUrl {
  state: DashboardState;
  route: DashboardRoute;
  tz: string;
  today: string;
  /** A user's choice: a new history entry, so Back returns to the view before it. */
  change(change: Partial<DashboardState>): void;
  /** A correction (a bad link, a place out of reach): replaces the entry instead. */
  replace(state: DashboardState): void;
  href(state: DashboardState): string;
}

/**
 * The dashboard's state, read from and written to the URL. A link with values that cannot be used
 * is replaced by the nearest valid one and `onProblem` is told why.
 */
export function useDashboardUrl(onProblem: (message: string) => void): DashboardUrl {
  const params = useParams();
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tz = useTimeZone();
  const today = todayIn(tz);
  const live = pathname.endsWith('/liveperformance');
  const prefix = params.groupShortcode ? `/${params.groupShortcode}/${params.clientShortcode}` : '';
  const route = useMemo(() => ({ prefix, live }), [prefix, live]);
  const query = search.toString();
  const parsed = useMemo(
    () => parseDashboard({ location: params.location, area: params.area }, new URLSearchParams(query), route, today),
    [params.location, params.area, query, route, today],
  );
  const { state, problems } = parsed;
  const href = useCallback((s: DashboardState) => dashboardHref(s, route), [route]);
  const replace = useCallback((s: DashboardState) => navigate(href(s), { replace: true }), [navigate, href]);

  const reported = useRef<ParsedLike | null>(null);
  useEffect(() => {
    if (problems.length === 0 || reported.current === parsed) return;
    reported.current = parsed;
    onProblem(problems.join(' '));
    replace(state);
  }, [parsed, problems, state, replace, onProblem]);

  const change = useCallback(
    (c: Partial<DashboardState>) => {
      void navigate(href(withChange(state, c)));
    },
    [navigate, href, state],
  );
  return { state, route, tz, today, change, replace, href };
}

type ParsedLike = ReturnType<typeof parseDashboard>;
