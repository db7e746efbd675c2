import type { Theme } from '@greenpod/contracts';
import { AA_TEXT, contrastRatio, parseHex, toHex } from '../../../app/theme/contrast';
import { filledLabel } from '../../../app/theme/mantine-theme';
import { type Scheme, type SchemeColors, schemeColors } from '../../../app/theme/scheme-colors';

/** One colour on another and the contrast they reach; `ratio` is null when either is not a colour yet. */
export interface ContrastPair {
  color: string;
  on: string;
  ratio: number | null;
  passes: boolean;
}

/** A pair the screens draw: as the configuration chose it, and as the app shows it in one scheme. */
export interface ContrastRow {
  key: string;
  label: string;
  /** The WCAG AA ratio this pair must reach. */
  target: number;
  chosen: ContrastPair;
  used: ContrastPair;
  /** The app shows another colour than the chosen one (text moved to reach AA, a surface of the scheme). */
  adjusted: boolean;
}

interface PairSpec {
  key: string;
  label: string;
  target: number;
  chosen: (theme: Theme) => [string, string];
  used: (colors: SchemeColors) => [string, string];
}

// The text the screens set on each surface, and the labels of filled buttons (docs/domain.md#themes).
const PAIRS: readonly PairSpec[] = [
  {
    key: 'text-background',
    label: 'Primary text on background',
    target: AA_TEXT,
    chosen: (t) => [t.primaryTextColor, t.backgroundColor],
    used: (c) => [c.text, c.page],
  },
  {
    key: 'text-foreground',
    label: 'Primary text on foreground',
    target: AA_TEXT,
    chosen: (t) => [t.primaryTextColor, t.foregroundColor],
    used: (c) => [c.text, c.surface],
  },
  {
    key: 'text-dropdown',
    label: 'Primary text on dropdown',
    target: AA_TEXT,
    chosen: (t) => [t.primaryTextColor, t.dropdownColor],
    used: (c) => [c.text, c.dropdown],
  },
  {
    key: 'dimmed-background',
    label: 'Secondary text on background',
    target: AA_TEXT,
    chosen: (t) => [t.secondaryTextColor, t.backgroundColor],
    used: (c) => [c.dimmed, c.page],
  },
  {
    key: 'dimmed-foreground',
    label: 'Secondary text on foreground',
    target: AA_TEXT,
    chosen: (t) => [t.secondaryTextColor, t.foregroundColor],
    used: (c) => [c.dimmed, c.surface],
  },
  {
    key: 'label-primary',
    label: 'Button text on primary action',
    target: AA_TEXT,
    chosen: (t) => [filledLabel(t.primaryActionColor), t.primaryActionColor],
    used: (c) => [filledLabel(c.primary.filled), c.primary.filled],
  },
  {
    key: 'label-secondary',
    label: 'Button text on secondary action',
    target: AA_TEXT,
    chosen: (t) => [filledLabel(t.secondaryActionColor), t.secondaryActionColor],
    used: (c) => [filledLabel(c.secondary.filled), c.secondary.filled],
  },
  {
    key: 'primary-foreground',
    label: 'Links (primary action) on foreground',
    target: AA_TEXT,
    chosen: (t) => [t.primaryActionColor, t.foregroundColor],
    used: (c) => [c.primary.text, c.surface],
  },
  {
    key: 'secondary-action-foreground',
    label: 'Secondary action text on foreground',
    target: AA_TEXT,
    chosen: (t) => [t.secondaryActionColor, t.foregroundColor],
    used: (c) => [c.secondary.text, c.surface],
  },
  {
    key: 'success-foreground',
    label: 'Success text on foreground',
    target: AA_TEXT,
    chosen: (t) => [t.successColor, t.foregroundColor],
    used: (c) => [c.success.text, c.surface],
  },
  {
    key: 'warning-foreground',
    label: 'Warning text on foreground',
    target: AA_TEXT,
    chosen: (t) => [t.warningColor, t.foregroundColor],
    used: (c) => [c.warning.text, c.surface],
  },
];

/** A colour as #rrggbb (the format the app's colours come in), or null when it is not one. */
const normalised = (value: string) => {
  const rgb = parseHex(value);
  return rgb ? toHex(rgb) : null;
};

function pair(color: string, on: string, target: number): ContrastPair {
  const a = normalised(color);
  const b = normalised(on);
  const ratio = a && b ? contrastRatio(a, b) : null;
  return { color: a ?? color, on: b ?? on, ratio, passes: ratio !== null && ratio >= target };
}

/**
 * Each pair the screens draw, as chosen and as the app shows it in `scheme`: the colours come from the
 * app's own schemeColors, so what this says is what the screens wear.
 */
export function contrastRows(theme: Theme, scheme: Scheme): ContrastRow[] {
  const colors = schemeColors(theme, scheme);
  return PAIRS.map((spec) => {
    const chosen = pair(...spec.chosen(theme), spec.target);
    const used = pair(...spec.used(colors), spec.target);
    return {
      key: spec.key,
      label: spec.label,
      target: spec.target,
      chosen,
      used,
      adjusted: chosen.color !== used.color || chosen.on !== used.on,
    };
  });
}

/** A ratio as people read it: "4.52:1", never rounded up across the line ("4.49:1", not "4.5:1"). */
export const ratioText = (ratio: number) => `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
