import type { Theme } from '@greenpod/contracts';
import { type MantineColorSchemeManager, MantineProvider, useMantineStyleNonce } from '@mantine/core';
import { useMemo, useRef } from 'react';
import { buildMantineTheme } from '../../../app/theme/mantine-theme';
import type { Scheme } from '../../../app/theme/scheme-colors';
import { PreviewSample } from './preview-sample';
import './theme-preview.css';

/** Always the one scheme, whatever the admin page wears: the preview never follows or sets the user's choice. */
const fixedScheme = (scheme: Scheme): MantineColorSchemeManager => ({
  get: () => scheme,
  set: () => {},
  subscribe: () => {},
  unsubscribe: () => {},
  clear: () => {},
});

/**
 * A card, a chart and buttons in `theme` as the app would draw it (its own buildMantineTheme, so the
 * contrast adjustments are the app's). Its MantineProvider writes the theme's CSS variables for this box
 * only and marks the box with the scheme, so the admin page around it keeps its own look.
 */
export function ThemePreview({ theme, scheme }: { theme: Theme; scheme: Scheme }) {
  const root = useRef<HTMLDivElement>(null);
  const built = useMemo(() => buildMantineTheme(theme), [theme]);
  const manager = useMemo(() => fixedScheme(scheme), [scheme]);
  const nonce = useMantineStyleNonce();
  // The page's CSP nonce, as the app's own provider hands it to Mantine's <style> tags (ADR 0026).
  const styleNonce = nonce ? () => nonce() ?? '' : undefined;
  return (
    <MantineProvider
      theme={built.theme}
      cssVariablesResolver={built.resolver}
      cssVariablesSelector=".gp-theme-preview"
      forceColorScheme={scheme}
      colorSchemeManager={manager}
      getRootElement={() => root.current ?? undefined}
      getStyleNonce={styleNonce}
      withGlobalClasses={false}
    >
      <div ref={root} className="gp-theme-preview" data-mantine-color-scheme={scheme} data-testid={`preview-${scheme}`}>
        <PreviewSample />
      </div>
    </MantineProvider>
  );
}
