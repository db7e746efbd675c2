import { SENSOR_TYPES } from '@greenpod/contracts';
import { Badge, Button, Card, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { IconArrowRight, IconWifiOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Card as CardData } from '../dashboard-api';
import { ScoreButton } from '../score/score-button';
import { countsText, offlineText, tileOf } from './card-values';
import { CardWeather } from './card-weather';
import { SensorTile } from './sensor-tile';

export interface DashboardCardProps {
  card: CardData;
  level: 'location' | 'area' | 'pod';
  /** "See Areas" / "See Pods" and where it goes; absent at area level and on live performance. */
  action?: { label: string; href: string };
  /** The location whose weather the footer shows, when there is one. */
  weatherLocationId?: number;
}

/** A location, area or pod: its counts and score, one tile per sensor type, weather and the way down. */
export function DashboardCard({ card, level, action, weatherLocationId }: DashboardCardProps) {
  const counts = countsText(level, card.areaCount, card.podCount);
  const offline = offlineText(level, card.offlinePodCount);
  const empty = card.readings.length === 0;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={card.title}>
      {/* The counts and score sit right of the title while both fit, under it when the title is long. */}
      <Group justify="space-between" align="flex-start" gap="xs" mb="sm">
        <Title order={3} size="h4" lineClamp={2} style={{ flex: '1 1 auto', minWidth: 0 }}>
          {card.title}
        </Title>
        <Group gap="xs" wrap="nowrap" ml="auto" style={{ flexShrink: 0 }}>
          {offline && (
            <Badge color="orange" variant="light" size="sm" leftSection={<IconWifiOff size={12} aria-hidden />}>
              {offline}
            </Badge>
          )}
          {counts && (
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {counts}
            </Text>
          )}
          <ScoreButton level={level} id={card.id} score={card.score} reason={card.scoreReason} />
        </Group>
      </Group>
      {empty && (
        <Text size="sm" c="dimmed" mb="xs">
          N/A: no readings in this time window.
        </Text>
      )}
      <SimpleGrid type="container" cols={{ base: 2, '260px': 3, '400px': 4 }} spacing={6} verticalSpacing={6}>
        {SENSOR_TYPES.map((type) => (
          <SensorTile key={type} tile={tileOf(type, card.readings, card.limits, card.notificationMargin)} />
        ))}
      </SimpleGrid>
      {(weatherLocationId !== undefined || action) && (
        <Group justify="space-between" mt="sm" gap="xs" wrap="nowrap">
          {weatherLocationId !== undefined ? <CardWeather locationId={weatherLocationId} /> : <span />}
          {action && (
            <Button
              component={Link}
              to={action.href}
              variant="light"
              size="xs"
              rightSection={<IconArrowRight size={14} />}
              style={{ flexShrink: 0 }}
            >
              {action.label}
            </Button>
          )}
        </Group>
      )}
    </Card>
  );
}
