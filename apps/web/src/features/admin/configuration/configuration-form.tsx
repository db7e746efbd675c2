import { THEME_FIELDS } from '@greenpod/contracts';
import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { FormExtra, FormExtraProps } from '../form/form-extras';
import { DEFAULT_COLORS } from './form-theme';
import { ThemeColorsWidget } from './theme-colors-widget';

// The preview draws a chart: it loads with the configuration form only, not with every admin form.
const ThemeAside = lazy(() => import('./theme-aside').then((m) => ({ default: m.ThemeAside })));

function LazyThemeAside(props: FormExtraProps) {
  return (
    <Suspense fallback={<Skeleton height={480} radius="md" role="status" aria-label="Loading preview" />}>
      <ThemeAside {...props} />
    </Suspense>
  );
}

/** The configuration form: colour pickers, a live preview with its contrast, the rest in titled sections. */
export const CONFIGURATION_FORM: FormExtra = {
  draws: THEME_FIELDS,
  Widget: ThemeColorsWidget,
  Aside: LazyThemeAside,
  sections: [
    { title: 'Logos', fields: ['primaryLogo', 'secondaryLogo', 'favicon'] },
    { title: 'Dashboard', fields: ['timeFrame'] },
    { title: 'Alerts', fields: ['alertLimit', 'notificationMargin', 'notificationCooldown'] },
    { title: 'Billing', fields: ['currency', 'electricityTariff', 'waterTariff', 'standingCharge', 'gridFactor'] },
  ],
  preset: DEFAULT_COLORS,
};
