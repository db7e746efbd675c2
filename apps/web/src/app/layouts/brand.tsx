import { Image, Text, useComputedColorScheme } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useThemeConfig } from '../theme/theme-store';
import { brandLogo } from './brand-logo';

/**
 * The configuration's logo where it names one (the secondary on dark surfaces, docs/domain.md#themes), else
 * the wordmark in the theme's primary colour. A logo that fails to load gives way to the wordmark.
 */
export function Brand({ size = 'lg' }: { size?: 'lg' | 'xl' }) {
  const theme = useThemeConfig();
  const scheme = useComputedColorScheme('light');
  const logo = brandLogo(theme, scheme);
  const [failed, setFailed] = useState<string | null>(null);
  const shown = logo !== null && logo !== failed ? logo : null;
  return (
    <Text
      component={Link}
      to="/"
      fw={700}
      fz={size === 'xl' ? 28 : 'lg'}
      c="primary"
      aria-label={shown ? 'Home' : undefined}
      style={{ textDecoration: 'none', display: 'inline-flex', alignItems: 'center' }}
    >
      {shown ? (
        <Image
          src={shown}
          alt=""
          h={size === 'xl' ? 48 : 32}
          w="auto"
          maw={size === 'xl' ? 280 : 200}
          fit="contain"
          onError={() => setFailed(shown)}
        />
      ) : (
        'Greenpod'
      )}
    </Text>
  );
}
