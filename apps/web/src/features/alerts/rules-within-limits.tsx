import type { AlertCard } from '@greenpod/contracts';
import { Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSearch } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTimeZone } from '../../lib/preferences';
import { STATE_COLORS } from '../../lib/sensor-values';
import { alertTime, alertValueParts, limitText, STATUS_TEXT } from './alert-values';
import { matchesFilter } from './alerts-triage';

/**
 * The rules within their limits (and those without a reading), folded into one compact list: a line each,
 * opened by "Show" or by typing in the filter, so the page leads with what needs someone.
 */
export function RulesWithinLimits({ cards, open: openAtFirst }: { cards: readonly AlertCard[]; open: boolean }) {
  const [open, setOpen] = useState(openAtFirst);
  const [filter, setFilter] = useState('');
  const listId = useId();
  const shown = cards.filter((card) => matchesFilter(card, filter));
  const count = cards.length;
  return (
    <Stack gap="sm" component="section" aria-labelledby={`${listId}-heading`}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={2} size="h4" id={`${listId}-heading`}>
          Within their limits ({count})
        </Title>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            aria-label="Filter the rules within their limits"
            placeholder="Filter by rule or place"
            leftSection={<IconSearch size={16} />}
            value={filter}
            onChange={(e) => {
              setFilter(e.currentTarget.value);
              // Looking for one is asking to see them.
              if (e.currentTarget.value.trim() !== '') setOpen(true);
            }}
          />
          <Button
            variant="default"
            aria-expanded={open}
            aria-controls={listId}
            rightSection={open ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
            onClick={() => setOpen(!open)}
          >
            {open ? 'Hide' : 'Show'}
          </Button>
        </Group>
      </Group>
      <div id={listId} hidden={!open}>
        {open &&
          (shown.length === 0 ? (
            <Text size="sm" c="dimmed" py="sm">
              No rule within its limits matches “{filter.trim()}”.
            </Text>
          ) : (
            <Paper withBorder radius="md">
              <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {shown.map((card, i) => (
                  <RuleLine key={`${card.ruleId}-${card.podId}`} card={card} first={i === 0} />
                ))}
              </Stack>
            </Paper>
          ))}
      </div>
    </Stack>
  );
}

/** One rule on one pod in a line: what and where on the left; the reading, the limit and the pill on the right. */
function RuleLine({ card, first }: { card: AlertCard; first: boolean }) {
  const zone = useTimeZone();
  const status = card.status ?? 'none';
  const current = card.current ? alertValueParts(card, card.current.value) : null;
  return (
    <Group
      component="li"
      aria-label={`${card.title} on ${card.podTitle}`}
      data-status={status}
      justify="space-between"
      align="center"
      gap="xs"
      px="md"
      py={8}
      style={first ? undefined : { borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Stack gap={0} style={{ minWidth: 0, flex: '1 1 16rem' }}>
        <Text size="sm" fw={600} truncate="end">
          {card.title}
        </Text>
        <Text size="xs" c="dimmed" truncate="end">
          {card.podTitle}, {card.locationTitle}
        </Text>
      </Stack>
      <Group gap="md" wrap="nowrap" style={{ fontVariantNumeric: 'tabular-nums' }}>
        <Stack gap={0} align="flex-end">
          <Text size="sm" fw={600}>
            {current ? `${current.text} ${current.unit}` : 'N/A'}
          </Text>
          <Text size="xs" c="dimmed">
            {card.current ? alertTime(card.current.at, zone) : 'No reading yet'}
          </Text>
        </Stack>
        <Text size="xs" c="dimmed" w={110} ta="right">
          {limitText(card)}
        </Text>
        <Badge color={STATE_COLORS[status]} variant="light" w={44} px={0} style={{ flexShrink: 0 }}>
          {STATUS_TEXT[status]}
        </Badge>
      </Group>
    </Group>
  );
}
