import type { SavingCard as SavingCardData } from '@greenpod/contracts';
import { Badge, Card, Group, Rating, SimpleGrid, Stack, Text, useComputedColorScheme } from '@mantine/core';
import { ProgressCard } from '../../components/progress-card';
import { currencySymbol, goalText, moneyText, placeText, quantity, savedText, sensorLabel } from './savings-text';

/** A figure with its name above it: "Expected" / "2,900 kWh". */
function Figure({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {term}
      </Text>
      <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </div>
  );
}

const amount = (value: number | null, unit: string) => (value === null ? 'N/A' : `${quantity(value)} ${unit}`);

/**
 * One pod and sensor type's saving over the window (docs/screens.md#savings): where and when, expected
 * against actual, the saving with its uncertainty, its money, the stars, the goal and how it was measured.
 */
export function SavingCard({ card }: { card: SavingCardData }) {
  const sensor = sensorLabel(card.sensorType);
  // Warning colours that keep 4.5:1 on the card in either scheme (Mantine's orange.9 is 4.3:1 on white, red.8 2.6:1 on dark).
  const scheme = useComputedColorScheme('light');
  const money = moneyText(card);
  const goal = goalText(card);
  const saved = savedText(card);
  return (
    <Card component="article" withBorder radius="md" padding="md" aria-label={`${card.podTitle}, ${sensor}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={2} miw={0}>
            <Text fw={600} lh={1.3}>
              {placeText(card)}
            </Text>
            <Text size="sm" c="dimmed">
              {card.timeRange}
            </Text>
          </Stack>
          <Badge variant="light" style={{ flexShrink: 0 }}>
            {sensor}
          </Badge>
        </Group>
        <SimpleGrid cols={2} spacing="sm">
          <Figure term="Expected" value={amount(card.expected, card.unit)} />
          <Figure term="Actual" value={amount(card.actual, card.unit)} />
        </SimpleGrid>
        <Text
          fw={600}
          c={card.avoided !== null && card.avoided < 0 ? (scheme === 'dark' ? 'red.4' : 'red.8') : undefined}
          data-testid="saved"
        >
          {saved}
        </Text>
        <Group justify="space-between" gap="xs">
          {money && (
            <Text size="sm" data-testid="money">
              {money}
            </Text>
          )}
          <Rating value={card.stars} count={5} readOnly size="sm" role="img" aria-label={`${card.stars} of 5 stars`} />
        </Group>
        {goal && card.goal !== null && (
          <Stack gap={6}>
            <Text size="sm" data-testid="goal">
              {goal}
            </Text>
            <ProgressCard
              title="Goal"
              level={card.level}
              saved={card.valueFlat ?? 0}
              goal={card.goal}
              unit={currencySymbol(card.currency)}
            />
          </Stack>
        )}
        <Text size="xs" c="dimmed">
          Method: {card.methodText}
        </Text>
        {card.reason && (
          <Text size="sm" c={scheme === 'dark' ? 'orange.4' : '#b03a02'} data-testid="reason">
            {card.status === 'not-significant' ? 'Not claimed: ' : ''}
            {card.reason}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
