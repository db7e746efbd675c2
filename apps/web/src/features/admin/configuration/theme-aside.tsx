import { THEME_FIELDS } from '@greenpod/contracts';
import { Paper, SegmentedControl, SimpleGrid, Stack, Text, Title, useComputedColorScheme } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { Scheme } from '../../../app/theme/scheme-colors';
import type { FormExtraProps } from '../form/form-extras';
import { contrastRows } from './contrast-rows';
import { ContrastTable } from './contrast-table';
import { formTheme } from './form-theme';
import { ThemePreview } from './theme-preview';

const SCHEMES: { value: Scheme; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/** Beside the configuration form: the theme drawn live in both schemes, and what each pair's contrast is. */
export function ThemeAside({ values }: FormExtraProps) {
  // The values object is new on every keystroke; the theme only when a colour changes.
  const colors = THEME_FIELDS.map((field) => values[field]).join(' ');
  // biome-ignore lint/correctness/useExhaustiveDependencies: colors stands for the colour fields of values.
  const theme = useMemo(() => formTheme(values), [colors]);
  // The table opens on the scheme the admin is looking at.
  const adminScheme = useComputedColorScheme('light');
  const [scheme, setScheme] = useState<Scheme>(adminScheme);
  const rows = useMemo(() => contrastRows(theme, scheme), [theme, scheme]);

  return (
    <Stack gap="lg">
      <Paper withBorder p="md" component="section" aria-labelledby="theme-preview-title">
        <Title order={3} size="h4" id="theme-preview-title" mb="xs">
          Preview
        </Title>
        <SimpleGrid type="container" cols={{ base: 1, '520px': 2 }} spacing="sm">
          {SCHEMES.map(({ value, label }) => (
            <Stack key={value} gap={4} role="group" aria-label={`${label} preview`}>
              <Text size="sm" fw={500}>
                {label}
              </Text>
              <ThemePreview theme={theme} scheme={value} />
            </Stack>
          ))}
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="md" component="section" aria-labelledby="theme-contrast-title">
        <Stack gap="xs">
          <Title order={3} size="h4" id="theme-contrast-title">
            Contrast
          </Title>
          <SegmentedControl
            aria-label="Scheme of the contrast table"
            data={SCHEMES}
            value={scheme}
            onChange={(v) => setScheme(v === 'dark' ? 'dark' : 'light')}
            w="fit-content"
            size="xs"
          />
          <ContrastTable
            rows={rows}
            caption={`WCAG AA asks 4.5:1 for text. Where a colour falls short the app darkens or lightens it; the last column is what the ${scheme} scheme uses.`}
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
