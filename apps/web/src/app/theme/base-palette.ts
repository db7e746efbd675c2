import { mix } from './contrast';

/** The app's type (docs/domain.md#themes): the system's own UI font. */
export const FONT_FAMILY = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** Mantine's gray-3, which the theme leaves as it is: lines and skeletons in the light scheme. */
export const MANTINE_GRAY_3 = '#dee2e6';

/** Mantine's dark greys, which inputs and hovers use in the dark scheme. */
const MANTINE_DARK = [
  '#c9c9c9',
  '#b8b8b8',
  '#828282',
  '#696969',
  '#424242',
  '#3b3b3b',
  '#2e2e2e',
  '#242424',
  '#1f1f1f',
  '#141414',
];

/** The darker greys tinted with the theme's dark surface, so inputs on a navy card are not neutral grey. */
export const tintedDark = (surface: string): string[] =>
  MANTINE_DARK.map((c, i) => (i >= 4 ? mix(c, surface, 0.5) : c));
