import {
  Button,
  Group,
  type MantineColorScheme,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
  useMantineColorScheme,
} from '@mantine/core';
import { useMemo } from 'react';
import { browserTimeZone, setTimeZone, useTimeZone } from '../../lib/preferences';
import { MonthlyReportSettings } from './monthly-report-settings';

const SCHEMES: { label: string; value: MantineColorScheme }[] = [
  { label: 'Light', value: 'light' },
  { label: 'Dark', value: 'dark' },
  { label: 'System', value: 'auto' },
];

/** Every IANA zone this browser knows, and the chosen one even if it does not list it. */
function timeZones(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes(current) ? zones : [current, ...zones];
}

/** /settings: the viewer's own display settings, kept in this browser. */
export function SettingsPage() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const zone = useTimeZone();
  const browser = browserTimeZone();
  const zones = useMemo(() => timeZones(zone), [zone]);
  return (
    <Stack gap="md" maw={640}>
      <Title order={1} size="h2">
        Settings
      </Title>
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Text fw={600} id="color-scheme-label">
            Colour scheme
          </Text>
          <SegmentedControl
            aria-labelledby="color-scheme-label"
            data={SCHEMES}
            value={colorScheme}
            onChange={(value) => setColorScheme(value as MantineColorScheme)}
            fullWidth
            maw={360}
          />
          <Text size="sm" c="dimmed">
            System follows your device's light or dark setting.
          </Text>
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Select
            label="Time zone"
            description="Dashboards, charts and notifications show times in this zone."
            data={zones}
            value={zone}
            onChange={(value) => value && setTimeZone(value === browser ? null : value)}
            searchable
            allowDeselect={false}
            nothingFoundMessage="No Items Found."
            maxDropdownHeight={280}
            maw={360}
            comboboxProps={{ withinPortal: true }}
          />
          {zone !== browser && (
            <Group>
              <Button variant="default" size="xs" onClick={() => setTimeZone(null)}>
                Use this browser's zone ({browser})
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>
      <MonthlyReportSettings />
    </Stack>
  );
}
