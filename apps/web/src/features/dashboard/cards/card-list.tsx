import { DASHBOARD_PAGE_SIZES, MESSAGES } from '@greenpod/contracts';
import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageSizeSelect } from '../../../components/pagination/page-size-select';
import { Pagination } from '../../../components/pagination/pagination';
import type { Card } from '../dashboard-api';
import { CardSkeleton } from './card-skeleton';

interface CardListProps {
  cards: Card[] | undefined;
  total: number;
  page: number;
  size: number;
  onPage(page: number): void;
  onSize(size: number): void;
  renderCard(card: Card): ReactNode;
}

/** The cards in a responsive grid (3 across wide, 2 mid, 1 on a phone), with the page-size choice and paging. */
export function CardList({ cards, total, page, size, onPage, onSize, renderCard }: CardListProps) {
  const grid = (children: ReactNode) => (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {children}
    </SimpleGrid>
  );
  if (cards === undefined) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading cards">
        {grid(
          Array.from({ length: Math.min(size, 6) }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders that never reorder
            <CardSkeleton key={i} />
          )),
        )}
      </div>
    );
  }
  if (cards.length === 0 && total === 0) {
    return (
      <Stack align="center" gap={4} py="xl">
        <Text fw={600}>{MESSAGES.noData}</Text>
        <Text size="sm" c="dimmed">
          Try another time window, or choose All Locations.
        </Text>
      </Stack>
    );
  }
  const pages = Math.max(1, Math.ceil(total / size));
  return (
    <Stack gap="md">
      {grid(cards.map(renderCard))}
      <Group justify="space-between" gap="sm">
        <PageSizeSelect
          size={size}
          options={DASHBOARD_PAGE_SIZES}
          shown={cards.length}
          total={total}
          onChange={onSize}
        />
        <Pagination page={page} count={pages} onChange={onPage} />
      </Group>
    </Stack>
  );
}
