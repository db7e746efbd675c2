/** The theme fields of a configuration (docs/domain.md#themes). */
export const THEME_FIELDS = [
  'backgroundColor',
  'foregroundColor',
  'primaryActionColor',
  'secondaryActionColor',
  'successColor',
  'warningColor',
  'dropdownColor',
  'primaryTextColor',
  'secondaryTextColor',
] as const;
export type ThemeField = (typeof THEME_FIELDS)[number];
export type Theme = Record<ThemeField, string> & {
  primaryLogo: string | null;
  secondaryLogo: string | null;
  favicon: string | null;
};

/** Greenpod's own colours, used without a signed-in user or shortcodes (docs/domain.md#themes). */
export const DEFAULT_THEME: Theme = {
  backgroundColor: '#f4f7f2',
  foregroundColor: '#ffffff',
  primaryActionColor: '#2f9e44',
  secondaryActionColor: '#1c7ed6',
  successColor: '#37b24d',
  warningColor: '#f59f00',
  dropdownColor: '#ffffff',
  primaryTextColor: '#1b2b1e',
  secondaryTextColor: '#5c6b5f',
  primaryLogo: null,
  secondaryLogo: null,
  favicon: null,
};

/**
 * On a client's link the server sends the page with that client's theme in it (docs/performance.md#the-first-paint),
 * as JSON in a `<script type="application/json">` of this id: the page paints in it before any request.
 */
export const PAGE_THEME_ELEMENT_ID = 'greenpod-page-theme';
export interface PageTheme {
  groupShortcode: string;
  clientShortcode: string;
  theme: Theme;
}
