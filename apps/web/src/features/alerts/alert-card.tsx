import type { AlertCard as AlertCardData } from '@greenpod/contracts';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTimeZone } from '../../lib/preferences';
import { STATE_COLORS } from '../../lib/sensor-values';
import classes from './alert-card.module.css';
import {
  acknowledgedText,
  alertTime,
  alertValueParts,
  cooldownText,
  goalParts,
  goalShareText,
  limitParts,
  moneyText,
  perInterval,
  STATUS_TEXT,
} from './alert-values';
import { useAcknowledge } from './alerts-api';

/**
 * One rule on one pod (docs/screens.md#alerts): title and place, the status pill, the figures (current
 * reading and limit; goal and savings on a saving card), the action, the last breach, and on an exceeded
 * card the acknowledgement.
 */
export function AlertCard({ card }: { card: AlertCardData }) {
  const zone = useTimeZone();
  const status = card.status ?? 'none';
  const current = card.current ? alertValueParts(card, card.current.value) : null;
  const name = `${card.title} on ${card.podTitle}`;
  const limit = limitParts(card);
  const goal = card.goal ? goalParts(card.goal) : null;
  // A 5-minute reading's energy or volume: the figures name the interval they cover.
  const interval = perInterval(card.sensorType) ? ' (5 min)' : '';
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={name} data-status={status}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Title order={2} size="h4" lineClamp={2}>
              {card.title}
            </Title>
            <Text size="sm" c="dimmed" lineClamp={2}>
              {card.podTitle}, {card.locationTitle}
            </Text>
          </Stack>
          <Badge color={STATE_COLORS[status]} variant="light" style={{ flexShrink: 0 }}>
            {STATUS_TEXT[status]}
          </Badge>
        </Group>
        <dl className={classes.facts}>
          <Fact term={`Current${interval}`}>
            {current ? (
              <>
                {current.text}
                <span className={classes.unit}>{current.unit}</span>
              </>
            ) : (
              'N/A'
            )}
            <div className={classes.note}>{card.current ? alertTime(card.current.at, zone) : 'No reading yet'}</div>
          </Fact>
          <Fact term={`Limit${interval}`}>
            <span className={classes.words}>{limit.words}</span> {limit.text}
            <span className={classes.unit}>{limit.unit}</span>
          </Fact>
          {card.goal && goal && (
            <>
              <Fact term="Goal">
                {goal.amount}
                <span className={classes.unit}>{goal.period}</span>
              </Fact>
              <Fact term="Savings">
                {card.savings ? moneyText(card.savings.amount, card.goal.currency) : 'N/A'}
                <div className={classes.note}>
                  {card.savings
                    ? (goalShareText(card.savings.amount, card.goal.amount) ?? 'No goal set')
                    : 'None computed yet'}
                </div>
              </Fact>
            </>
          )}
        </dl>
        <Stack gap={2}>
          <Text size="sm">
            <Text span c="dimmed" size="sm">
              Action:{' '}
            </Text>
            {card.action}
          </Text>
          <Text size="sm" className={classes.numbers}>
            <Text span c="dimmed" size="sm">
              Last breach:{' '}
            </Text>
            {card.lastBreachAt ? alertTime(card.lastBreachAt, zone) : 'None'}
          </Text>
          <Text size="xs" c="dimmed">
            {cooldownText(card.cooldown)}
          </Text>
        </Stack>
        <Acknowledgement card={card} name={name} zone={zone} />
      </Stack>
    </Card>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className={classes.fact}>
      <dt className={classes.term}>{term}</dt>
      <dd className={classes.figure}>{children}</dd>
    </div>
  );
}

/** "Acknowledged by <name> at <time>" while the episode lasts; before that, the button on an exceeded card. */
function Acknowledgement({ card, name, zone }: { card: AlertCardData; name: string; zone: string }) {
  const acknowledge = useAcknowledge(card);
  if (card.acknowledgement) {
    return (
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconCircleCheck size={18} aria-hidden style={{ flexShrink: 0, marginTop: 1 }} />
        <Text size="sm" className={classes.numbers}>
          {acknowledgedText(card.acknowledgement.name, card.acknowledgement.at, zone)}
        </Text>
      </Group>
    );
  }
  if (card.status !== 'exceeded' || card.episodeStartedAt === null) return null;
  return (
    <Stack gap={4} align="flex-start">
      <Button
        size="xs"
        variant="light"
        loading={acknowledge.isPending}
        onClick={() => acknowledge.mutate()}
        aria-label={`Acknowledge ${name}`}
      >
        Acknowledge
      </Button>
      {acknowledge.isError && (
        <Text size="sm" c="red" role="alert">
          {acknowledge.error.message}
        </Text>
      )}
    </Stack>
  );
}
