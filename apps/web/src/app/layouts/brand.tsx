import { Image, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useThemeConfig } from '../theme/theme-store';

/** The configuration's primary logo where it names one, else the wordmark in the theme's primary colour. */
export function Brand({ size = 'lg' }: { size?: 'lg' | 'xl' }) {
  const { primaryLogo } = useThemeConfig();
  return (
    <Text
      component={Link}
      to="/"
      fw={700}
      fz={size === 'xl' ? 28 : 'lg'}
      c="primary"
      aria-label={primaryLogo ? 'Greenpod home' : undefined}
      style={{ textDecoration: 'none', display: 'inline-flex', alignItems: 'center' }}
    >
      {primaryLogo ? <Image src={primaryLogo} alt="" h={size === 'xl' ? 48 : 32} w="auto" fit="contain" /> : 'Greenpod'}
    </Text>
  );
}
