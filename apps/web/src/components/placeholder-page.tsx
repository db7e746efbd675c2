import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled page whose content a later issue builds; it says so rather than faking data. */
export function PlaceholderPage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack gap="sm">
      <Title order={2}>{title}</Title>
      {children ?? <Text c="dimmed">This page is coming soon.</Text>}
    </Stack>
  );
}
