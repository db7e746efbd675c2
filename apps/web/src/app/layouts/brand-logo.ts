import type { Theme } from '@greenpod/contracts';

/**
 * Which logo the header shows (docs/domain.md#themes): the secondary one is the mark for dark surfaces, so
 * the dark scheme shows it where the configuration names one; otherwise, and in the light scheme, the
 * primary. Null: Greenpod's wordmark.
 */
export function brandLogo(
  theme: Pick<Theme, 'primaryLogo' | 'secondaryLogo'>,
  scheme: 'light' | 'dark',
): string | null {
  const url = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  const primary = url(theme.primaryLogo);
  return scheme === 'dark' ? (url(theme.secondaryLogo) ?? primary) : primary;
}
