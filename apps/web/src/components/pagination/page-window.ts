import { PAGE_WINDOW } from '@greenpod/contracts';

export interface PageWindow {
  pages: number[];
  /** Pages exist before the first shown one. */
  leadingEllipsis: boolean;
  /** Pages exist after the last shown one. */
  trailingEllipsis: boolean;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/**
 * The numbered buttons to show (docs/screens.md#pagination): every page when there are `size` or fewer,
 * otherwise `size` pages around the current one, shifted so the window never runs off either end.
 */
export function pageWindow(current: number, count: number, size: number = PAGE_WINDOW): PageWindow {
  const total = Math.max(1, count);
  const page = Math.min(Math.max(1, current), total);
  if (total <= size) {
    return { pages: range(1, total), leadingEllipsis: false, trailingEllipsis: false };
  }
  const start = Math.min(Math.max(1, page - Math.floor(size / 2)), total - size + 1);
  const end = start + size - 1;
  return { pages: range(start, end), leadingEllipsis: start > 1, trailingEllipsis: end < total };
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
