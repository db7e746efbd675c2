import { DEFAULT_THEME, THEME_FIELDS, type Theme, type ThemeField } from '@greenpod/contracts';
import type { FormValues } from '../form/form-model';

/** The theme the form's colours make, as the app would build it once saved (logos are not previewed). */
export function formTheme(values: FormValues): Theme {
  const colors = Object.fromEntries(
    THEME_FIELDS.map((field) => [field, typeof values[field] === 'string' ? values[field] : '']),
  ) as Record<ThemeField, string>;
  return { ...colors, primaryLogo: null, secondaryLogo: null, favicon: null };
}

/** A new configuration starts from Greenpod's own colours. */
export const DEFAULT_COLORS: FormValues = Object.fromEntries(
  THEME_FIELDS.map((field) => [field, DEFAULT_THEME[field]]),
);
