import { Anchor, Breadcrumbs, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '../../lib/use-session';
import type { Place } from './dashboard-state';
import type { PlaceTitles } from './filters/use-place';
import { ClientScore } from './score/score-button';

interface DashboardHeadingProps {
  /** The top of the trail on a client's link: the client's name. Otherwise it is the viewer's scope. */
  rootLabel?: string;
  /** On a client's link: its green score beside the title while the page shows the whole client. */
  clientId?: number;
  /** A fixed title (Live Performance); otherwise the scope names the page. */
  title?: string;
  place: Place;
  titles: PlaceTitles;
  hrefOf(place: Place): string;
}

export const INTRO = 'The measurements are averages of the pods in the location, over the chosen time.';

export const ALL_LOCATIONS = 'All locations';
export const YOUR_LOCATIONS = 'Your locations';

/**
 * The root's name: only an administrator sees every location; a viewer's role binds them to some (one site,
 * one client ...), and "All locations" would claim more than they see.
 */
function useScopeLabel(): string | undefined {
  const { session, isAdmin, isLoading } = useSession();
  if (isLoading) return undefined;
  return session && !isAdmin ? YOUR_LOCATIONS : ALL_LOCATIONS;
}

/** The page title (the scope), a breadcrumb back up the tree and the intro line. */
export function DashboardHeading({ title, rootLabel, clientId, place, titles, hrefOf }: DashboardHeadingProps) {
  const { locationId, areaId, podId } = place;
  const scopeLabel = useScopeLabel();
  const trail = [
    { label: rootLabel ?? scopeLabel, place: {}, show: true },
    { label: titles.location?.title, place: { locationId }, show: locationId !== undefined },
    { label: titles.area?.title, place: { locationId, areaId }, show: areaId !== undefined },
    { label: titles.pod?.title, place: { locationId, areaId, podId }, show: podId !== undefined },
  ].filter((step) => step.show);
  const current = trail[trail.length - 1];
  const heading = title ?? current?.label;
  return (
    <Stack gap={4}>
      {trail.length > 1 && (
        <nav aria-label="Breadcrumb">
          <Breadcrumbs separatorMargin={6} style={{ flexWrap: 'wrap' }}>
            {trail.map((step, i) =>
              i === trail.length - 1 && !title ? (
                <Text key={step.label ?? i} size="sm" c="dimmed" aria-current="page">
                  {step.label ?? '…'}
                </Text>
              ) : (
                <Anchor key={step.label ?? i} component={Link} to={hrefOf(step.place)} size="sm">
                  {step.label ?? '…'}
                </Anchor>
              ),
            )}
          </Breadcrumbs>
        </nav>
      )}
      {heading ? (
        <Group gap="sm" align="center">
          <Title order={2}>{heading}</Title>
          {clientId !== undefined && trail.length === 1 && !title && <ClientScore clientId={clientId} />}
        </Group>
      ) : (
        <TitleSkeleton />
      )}
      <Intro />
    </Stack>
  );
}

const TitleSkeleton = () => <Skeleton height={32} width={220} role="status" aria-label="Loading title" />;
const Intro = () => (
  <Text size="sm" c="dimmed">
    {INTRO}
  </Text>
);

/**
 * The heading while the page's scope is still unknown (a client's link asks who the client is): as the
 * heading's first render, so nothing that was painted (index.html's static copy included) moves or goes.
 */
export function DashboardHeadingSkeleton() {
  return (
    <Stack gap={4}>
      <TitleSkeleton />
      <Intro />
    </Stack>
  );
}
