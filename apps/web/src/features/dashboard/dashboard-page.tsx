import { Alert, Button, Paper, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { NotFoundPage } from '../../components/not-found-page';
import { ApiError } from '../../lib/api-client';
import { CardList } from './cards/card-list';
import { DashboardCard } from './cards/dashboard-card';
import { DashboardChart } from './chart/dashboard-chart';
import type { DashboardChartProps } from './chart/dashboard-chart-props';
import { type Card, cardsQuery, dashboardClientQuery } from './dashboard-api';
import { DashboardHeading, DashboardHeadingSkeleton } from './dashboard-heading';
import type { Place } from './dashboard-state';
import { PlaceFilters } from './filters/place-filters';
import { usePlace } from './filters/use-place';
import { WindowControls } from './filters/window-controls';
import { useDashboardUrl } from './use-dashboard-url';
import { useLiveDashboard } from './use-live-dashboard';

/** docs/domain.md#hierarchy: group and client shortcodes are 12 URL-safe characters. */
const SHORTCODE = /^[A-Za-z0-9_-]{12}$/;

/** The dashboard and live performance (docs/screens.md#dashboard), on every route that shows them. */
export function DashboardPage({ title }: { title?: string }) {
  const { groupShortcode, clientShortcode } = useParams();
  // Two free segments would swallow every unknown two-part path; only real shortcodes qualify.
  if (groupShortcode !== undefined && !(SHORTCODE.test(groupShortcode) && SHORTCODE.test(clientShortcode ?? ''))) {
    return <NotFoundPage />;
  }
  if (groupShortcode === undefined || clientShortcode === undefined) return <Dashboard title={title} />;
  return <ClientDashboard title={title} groupShortcode={groupShortcode} clientShortcode={clientShortcode} />;
}

/** A client's link (`/:groupShortcode/:clientShortcode`): that client's places only (docs/screens.md#dashboard). */
function ClientDashboard({
  title,
  groupShortcode,
  clientShortcode,
}: {
  title?: string;
  groupShortcode: string;
  clientShortcode: string;
}) {
  const client = useQuery(dashboardClientQuery(groupShortcode, clientShortcode));
  if (client.isPending) return <DashboardHeadingSkeleton />;
  // A client this viewer sees nothing of (or none at all): their own places instead, and why.
  if (client.isError) {
    const unseen = client.error instanceof ApiError && client.error.status === 404;
    return (
      <Dashboard
        title={title}
        firstNotice={
          unseen
            ? 'This link names a client whose places you cannot see: showing all the places you can.'
            : "The link's client could not be loaded: showing all the places you can see."
        }
      />
    );
  }
  return <Dashboard title={title} client={client.data} />;
}

function Dashboard({
  title,
  client,
  firstNotice,
}: {
  title?: string;
  client?: { id: number; title: string };
  firstNotice?: string;
}) {
  const clientId = client?.id;
  const [notice, setNotice] = useState<string | null>(firstNotice ?? null);
  // A link can be wrong twice over (a garbage tab and an unknown place): say both.
  const addNotice = useCallback(
    (message: string) =>
      setNotice((prev) => (prev === null ? message : prev.includes(message) ? prev : `${prev} ${message}`)),
    [],
  );
  const url = useDashboardUrl(addNotice);
  const { state, route, tz, today, replace } = url;
  const { place: shown } = state;
  // The URL holds the place; a client's link narrows every read to that client on top of it.
  const place = useMemo(() => (clientId === undefined ? shown : { ...shown, clientId }), [shown, clientId]);

  const fixPlace = useCallback(
    (fixed: Place, message: string | null) => {
      if (message) addNotice(message);
      replace({ ...state, place: fixed, page: 1 });
    },
    [replace, state, addNotice],
  );
  const titles = usePlace(place, fixPlace);

  const live = route.live || state.tab === 'live';
  const liveVersion = useLiveDashboard(live);
  const window: DashboardChartProps['window'] = {
    mode: route.live ? 'live' : state.tab,
    ...(live ? { minutes: state.minutes } : {}),
    ...(state.tab === 'range' ? { from: state.from, to: state.to } : {}),
  };
  const cards = useQuery(cardsQuery({ live: route.live, place, window, tz, page: state.page, size: state.size }));
  const total = cards.data?.paging.total ?? 0;

  // A page past the end (a link kept while cards went away) opens the last page there is.
  const lastPage = Math.max(1, Math.ceil(total / state.size));
  useEffect(() => {
    if (cards.data && !cards.isPlaceholderData && state.page > lastPage) replace({ ...state, page: lastPage });
  }, [cards.data, cards.isPlaceholderData, state, lastPage, replace]);

  const level =
    place.podId !== undefined || place.areaId !== undefined
      ? 'pod'
      : place.locationId !== undefined
        ? 'area'
        : 'location';
  const hrefOf = (p: Place) => url.href({ ...state, place: p, page: 1 });
  const actionOf = (card: Card) => {
    if (route.live || level === 'pod') return undefined;
    return level === 'location'
      ? { label: 'See Areas', href: hrefOf({ locationId: card.id }) }
      : { label: 'See Pods', href: hrefOf({ locationId: place.locationId, areaId: card.id }) };
  };
  const weatherOf = (card: Card) => (level === 'location' ? card.id : (place.locationId ?? titles.area?.locationId));

  return (
    <Stack gap="lg">
      <DashboardHeading
        title={title}
        rootLabel={client?.title}
        clientId={clientId}
        place={place}
        titles={titles}
        hrefOf={hrefOf}
      />
      {notice && (
        <Alert
          color="yellow"
          variant="light"
          withCloseButton
          onClose={() => setNotice(null)}
          title="This link was adjusted"
        >
          {notice}
        </Alert>
      )}
      <Paper withBorder radius="md" p="sm" component="section" aria-label="Dashboard controls">
        <Stack gap="sm">
          <WindowControls state={state} today={today} liveOnly={route.live} onChange={url.change} />
          <PlaceFilters
            place={place}
            sensor={state.sensor}
            onPlace={(p) => url.change({ place: p })}
            onSensor={(sensor) => url.change({ sensor })}
          />
        </Stack>
      </Paper>
      <DashboardChart
        place={place}
        window={window}
        sensorType={state.sensor}
        kind={state.kind}
        onKindChange={(kind) => url.change({ kind })}
        comparePrevious={state.compare}
        onComparePreviousChange={(compare) => url.change({ compare })}
        liveVersion={liveVersion}
      />
      {cards.isError && !cards.data ? (
        <Alert color="red" variant="light" title="The cards could not be loaded">
          <Button size="xs" variant="light" color="red" onClick={() => void cards.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <CardList
          cards={cards.data?.data.results}
          total={total}
          page={state.page}
          size={state.size}
          onPage={(page) => url.change({ page })}
          onSize={(size) => url.change({ size })}
          renderCard={(card) => (
            <DashboardCard
              key={card.id}
              card={card}
              level={level}
              action={actionOf(card)}
              weatherLocationId={weatherOf(card)}
            />
          )}
        />
      )}
    </Stack>
  );
}
