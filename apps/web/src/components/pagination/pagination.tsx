import { ActionIcon, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import { pageWindow } from './page-window';

interface PaginationProps {
  page: number;
  count: number;
  /** More pages may follow `count` (the list's total is a lower bound): there is no known last page. */
  countIsLowerBound?: boolean;
  onChange: (page: number) => void;
}

/** Numbered pagination with first, previous, next and last buttons (docs/screens.md#pagination). */
export function Pagination({ page, count, countIsLowerBound, onChange }: PaginationProps) {
  const visible = pageWindow(page, count);
  const go = (target: number) => {
    if (target !== page && target >= 1 && target <= count) onChange(target);
  };
  const atStart = page <= 1;
  const atEnd = page >= count;
  return (
    <Group gap={4} component="nav" aria-label="Pagination">
      <ActionIcon variant="default" aria-label="First page" disabled={atStart} onClick={() => go(1)}>
        <IconChevronsLeft size={16} />
      </ActionIcon>
      <ActionIcon variant="default" aria-label="Previous page" disabled={atStart} onClick={() => go(page - 1)}>
        <IconChevronLeft size={16} />
      </ActionIcon>
      {visible.leadingEllipsis && <Ellipsis />}
      {visible.pages.map((p) => (
        <ActionIcon
          key={p}
          variant={p === page ? 'filled' : 'default'}
          aria-label={`Page ${p}`}
          aria-current={p === page ? 'page' : undefined}
          onClick={() => go(p)}
        >
          {p}
        </ActionIcon>
      ))}
      {visible.trailingEllipsis && <Ellipsis />}
      <ActionIcon variant="default" aria-label="Next page" disabled={atEnd} onClick={() => go(page + 1)}>
        <IconChevronRight size={16} />
      </ActionIcon>
      <ActionIcon
        variant="default"
        aria-label="Last page"
        disabled={atEnd || countIsLowerBound}
        onClick={() => go(count)}
      >
        <IconChevronsRight size={16} />
      </ActionIcon>
    </Group>
  );
}

function Ellipsis() {
  return (
    <Text component="span" c="dimmed" px={4} aria-hidden>
      …
    </Text>
  );
}
