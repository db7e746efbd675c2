import { type AlertCard as AlertCardData, type AlertStatus, MESSAGES } from '@greenpod/contracts';
import { Alert, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { AlertCard } from './alert-card';
import { useAlertCards } from './alerts-api';
import { triage } from './alerts-triage';
import { RulesWithinLimits } from './rules-within-limits';

const grid = (children: ReactNode) => (
  <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
    {children}
  </SimpleGrid>
);

/**
 * /alerts (docs/screens.md#alerts): a card for each rule on a pod that needs someone (exceeded, close,
 * acknowledged), then the rules within their limits folded into a compact list.
 */
export function AlertsPage() {
  const cards = useAlertCards();
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Alerts
        </Title>
        <Text c="dimmed">Every rule on the pods you watch, the ones that need you first.</Text>
      </Stack>
      {cards.isError && !cards.data ? (
        <Alert color="red" variant="light" title="The alerts could not be loaded">
          <Button size="xs" variant="light" color="red" onClick={() => void cards.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : cards.data === undefined ? (
        <div role="status" aria-busy="true" aria-label="Loading alerts">
          {grid([0, 1, 2].map((i) => <CardSkeleton key={i} />))}
        </div>
      ) : cards.data.length === 0 ? (
        <Stack align="center" gap={4} py="xl">
          <Text fw={600}>{MESSAGES.noData}</Text>
          <Text size="sm" c="dimmed">
            Rules an administrator sets on your pods will show here.
          </Text>
        </Stack>
      ) : (
        <Triaged cards={cards.data} />
      )}
    </Stack>
  );
}

function Triaged({ cards }: { cards: AlertCardData[] }) {
  const { needing, within } = triage(cards);
  return (
    <>
      <Summary statuses={cards.map((c) => c.status)} />
      {needing.length > 0 &&
        grid(needing.map((card) => <AlertCard key={`${card.ruleId}-${card.podId}`} card={card} />))}
      {/* Nothing needs anyone: the list is all there is, so it starts open. */}
      {within.length > 0 && <RulesWithinLimits cards={within} open={needing.length === 0} />}
    </>
  );
}

/**
 * The five-second answer to whether anything needs the viewer: "2 exceeded · 1 close · 9 OK", or "All 12
 * within their limits" when nothing does.
 */
function Summary({ statuses }: { statuses: (AlertStatus | null)[] }) {
  const count = (s: AlertStatus | null) => statuses.filter((x) => x === s).length;
  const unjudged = count(null);
  const parts =
    count('exceeded') + count('close') === 0
      ? [`All ${count('ok')} within their limits`]
      : [`${count('exceeded')} exceeded`, `${count('close')} close`, `${count('ok')} OK`];
  if (unjudged > 0) parts.push(`${unjudged} without readings`);
  return (
    <Text size="sm" fw={500} style={{ fontVariantNumeric: 'tabular-nums' }}>
      {parts.join(' · ')}
    </Text>
  );
}

/** A card's outline while the alerts load: title and pill, four figures, two lines. */
function CardSkeleton() {
  return (
    <Card withBorder radius="md" padding="md" aria-hidden data-testid="alert-card-skeleton">
      <Group justify="space-between" mb="md">
        <Skeleton height={22} width="55%" />
        <Skeleton height={20} width={70} radius="xl" />
      </Group>
      <SimpleGrid cols={2} spacing="md" mb="md">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={40} />
        ))}
      </SimpleGrid>
      <Skeleton height={14} width="80%" mb={8} />
      <Skeleton height={14} width="50%" />
    </Card>
  );
}
