/**
 * WCAG 2 contrast, pure: a client's colours are checked pair by pair and moved towards black or white
 * until text is readable (AA: 4.5:1 body text, 3:1 large text and icons).
 */
export const AA_TEXT = 4.5;
export const AA_LARGE = 3;

export type Rgb = readonly [number, number, number];

/** #rgb, #rgba, #rrggbb or #rrggbbaa (the configuration's format); alpha is dropped, null if not a colour. */
export function parseHex(value: string): Rgb | null {
  const hex = typeof value === 'string' ? /^#([0-9a-f]{3,8})$/i.exec(value.trim())?.[1] : undefined;
  if (!hex) return null;
  const full =
    hex.length === 3 || hex.length === 4
      ? [...hex.slice(0, 3)].map((c) => c + c).join('')
      : hex.length === 6 || hex.length === 8
        ? hex.slice(0, 6)
        : null;
  if (!full) return null;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as unknown as Rgb;
}

export const toHex = (rgb: Rgb) =>
  `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** Relative luminance (WCAG 2.x). */
export function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two relative luminances, 1 to 21. */
const ratioOf = (la: number, lb: number) => (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);

/** The contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  return ratioOf(luminance(parseHex(a) ?? [0, 0, 0]), luminance(parseHex(b) ?? [0, 0, 0]));
}

/** `a` moved `amount` (0..1) of the way to `b`. */
export function mix(a: string, b: string, amount: number): string {
  const x = parseHex(a) ?? [0, 0, 0];
  const y = parseHex(b) ?? [0, 0, 0];
  return toHex(
    [0, 1, 2].map((i) => (x[i] as number) + ((y[i] as number) - (x[i] as number)) * amount) as unknown as Rgb,
  );
}

export const isDark = (color: string) => luminance(parseHex(color) ?? [0, 0, 0]) < 0.179;

/**
 * How far above its target an adjusted colour lands. A colour moved only just over 4.5:1 falls under it as
 * soon as anything blends it with its background (a panel fading in, antialiasing): axe measured 4.38:1 on
 * the bell's panel mid-fade. A chosen colour that passes is still kept as chosen.
 */
export const ADJUSTED_MARGIN = 0.3;

/**
 * `color`, darkened (on light backgrounds) or lightened (on dark ones) in small steps until it reaches
 * `target` (plus ADJUSTED_MARGIN) against every background; it is returned unchanged when it already reaches
 * `target`. Backgrounds of both kinds at once cannot all be met: the direction follows the first one, and the
 * result then reaches the best it can (black or white).
 */
export function ensureContrast(color: string, backgrounds: readonly string[], target = AA_TEXT): string {
  const start = parseHex(color) ?? ([0, 0, 0] as const);
  // In numbers, each background's luminance worked out once: parsing every candidate back from its hex was
  // most of the ~150 ms the page's boot script took before its first paint (docs/performance.md#the-first-paint).
  const surfaces = backgrounds.map((bg) => luminance(parseHex(bg) ?? [0, 0, 0]));
  const lowest = (rgb: Rgb) => {
    const l = luminance(rgb);
    return Math.min(...surfaces.map((s) => ratioOf(l, s)));
  };
  if (lowest(start) >= target) return toHex(start);
  const towards = isDark(backgrounds[0] ?? '#ffffff') ? 255 : 0;
  let passing: Rgb | undefined;
  for (let step = 1; step <= 50; step++) {
    // mix(start, towards, step / 50), rounded as its hex is.
    const candidate = start.map((c) => Math.round(c + (towards - c) * (step / 50))) as unknown as Rgb;
    const reached = lowest(candidate);
    if (reached >= target + ADJUSTED_MARGIN) return toHex(candidate);
    if (reached >= target) passing ??= candidate;
  }
  return toHex(passing ?? [towards, towards, towards]);
}
