import { TIP_TAG_LABELS, type TipCard as TipCardData, type TipReason } from '@greenpod/contracts';
import { Anchor, Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { STATE_COLORS } from '../../lib/sensor-values';

/** The badge of an urgent tip: red when a tag is exceeded, yellow when one is close. */
export const URGENCY_TEXT: Record<TipReason['status'], string> = {
  exceeded: 'Limit exceeded',
  close: 'Close to a limit',
};

export const articleHref = (id: number) => `/articletip?id=${id}`;

/** The reasons a tip is urgent, each with its badge (docs/screens.md#tips). */
export function TipReasons({ reasons }: { reasons: readonly TipReason[] }) {
  if (reasons.length === 0) return null;
  return (
    <List spacing={4} listStyleType="none" aria-label="Why this tip matters now">
      {reasons.map((r) => (
        <List.Item key={r.text}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Badge color={STATE_COLORS[r.status]} variant="filled" size="sm" style={{ flexShrink: 0 }} autoContrast>
              {r.status === 'exceeded' ? 'Exceeded' : 'Close'}
            </Badge>
            <Text size="sm">{r.text}</Text>
          </Group>
        </List.Item>
      ))}
    </List>
  );
}

/** The tag badges of a tip, by the names the tip form gives them. */
export function TipTags({ tags }: { tags: TipCardData['tags'] }) {
  return (
    <Group gap={6} aria-label="Tags">
      {tags.map((tag) => (
        <Badge key={tag} variant="default" size="sm" tt="none">
          {TIP_TAG_LABELS[tag]}
        </Badge>
      ))}
    </Group>
  );
}

/** One tip in the tips list: its title (the link to its article), location, why it is urgent, a short text, tags. */
export function TipCard({ tip }: { tip: TipCardData }) {
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-label={tip.title}
      data-urgency={tip.urgency ?? 'none'}
      style={
        tip.urgency ? { borderLeft: `4px solid var(--mantine-color-${STATE_COLORS[tip.urgency]}-filled)` } : undefined
      }
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Title order={2} size="h4">
              <Anchor component={Link} to={articleHref(tip.id)} inherit>
                {tip.title}
              </Anchor>
            </Title>
            <Text size="sm" c="dimmed">
              {tip.locationTitle}
            </Text>
          </Stack>
          {tip.urgency && (
            <Badge color={STATE_COLORS[tip.urgency]} variant="light" style={{ flexShrink: 0 }}>
              {URGENCY_TEXT[tip.urgency]}
            </Badge>
          )}
        </Group>
        <TipReasons reasons={tip.reasons} />
        <Text size="sm" lineClamp={3} style={{ whiteSpace: 'pre-line' }}>
          {tip.description}
        </Text>
        <TipTags tags={tip.tags} />
      </Stack>
    </Card>
  );
}
