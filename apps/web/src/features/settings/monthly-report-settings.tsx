import { MESSAGES, type ReportSubscription } from '@greenpod/contracts';
import { Alert, Button, Paper, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { placeChoicesQuery } from '../../components/place-filters/place-filters';
import { getActiveUser } from '../../lib/session';
import { reportSubscriptionsQuery, type SubscriptionChange, useSubscriptionChange } from './report-subscription-api';

const LABEL_ID = 'monthly-report-label';

const failed = ({ location, current }: SubscriptionChange, error: Error) =>
  notifications.show({
    color: 'red',
    title: `The monthly report of ${location.title} could not be turned ${current ? 'off' : 'on'}`,
    message: error.message,
  });

/** One location's switch: on when the user is subscribed to its monthly report. */
function LocationSwitch({
  location,
  subscription,
  userId,
}: {
  location: { id: number; title: string };
  subscription: ReportSubscription | null;
  userId: number;
}) {
  const change = useSubscriptionChange(failed);
  return (
    <Switch
      label={location.title}
      checked={subscription !== null}
      // A subscription just made has no id until the server answers: it cannot be turned off before.
      disabled={change.isPending || subscription?.id === 0}
      onChange={() => change.mutate({ location, current: subscription, userId })}
    />
  );
}

/**
 * Settings, "Monthly report by e-mail" (docs/screens.md#settings): a switch per location of the user's scope (the
 * place filters' list); the mail's rules are in docs/domain.md#the-monthly-report-mail.
 */
export function MonthlyReportSettings() {
  const userId = getActiveUser()?.id ?? 0;
  const locations = useQuery(placeChoicesQuery('location'));
  const subscriptions = useQuery(reportSubscriptionsQuery);
  const mine = new Map(
    (subscriptions.data ?? []).filter((s) => s.userId === userId).map((s) => [s.locationId, s] as const),
  );
  const retry = () => {
    if (locations.isError) void locations.refetch();
    if (subscriptions.isError) void subscriptions.refetch();
  };
  let body: ReactNode;
  if (locations.isError || subscriptions.isError) {
    body = (
      <Alert color="red" title="Your subscriptions could not be loaded">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{(locations.error ?? subscriptions.error)?.message ?? MESSAGES.genericError}</Text>
          <Button size="xs" variant="default" onClick={retry}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else if (locations.isPending || subscriptions.isPending) {
    body = (
      <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading locations">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={24} w="60%" radius="sm" />
        ))}
      </Stack>
    );
  } else if (locations.data.length === 0) {
    body = (
      <Stack gap={2}>
        <Text>{MESSAGES.noData}</Text>
        <Text size="sm" c="dimmed">
          No location is in your scope yet: an administrator can give your role one.
        </Text>
      </Stack>
    );
  } else {
    body = (
      <Stack gap="sm" role="group" aria-labelledby={LABEL_ID}>
        {locations.data.map((l) => (
          <LocationSwitch key={l.id} location={l} subscription={mine.get(l.id) ?? null} userId={userId} />
        ))}
      </Stack>
    );
  }
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Text fw={600} id={LABEL_ID}>
          Monthly report by e-mail
        </Text>
        <Text size="sm" c="dimmed">
          After each month closes, you get its report as a PDF.
        </Text>
        {body}
      </Stack>
    </Paper>
  );
}
