import { Badge, Box, Button, Card, Group, Paper, Stack, Text } from '@mantine/core';
import { alignSeries } from '../../../components/chart/align-series';
import type { ChartSeriesSpec } from '../../../components/chart/chart-types';
import { TimeSeriesChart } from '../../../components/chart/time-series-chart';

// A made-up day of temperatures (2025-01-15, UTC): the same picture on every screen and in every screenshot.
const DAY_START = Date.UTC(2025, 0, 15) / 1000;
const HOURS = Array.from({ length: 25 }, (_, i) => i);
const SAMPLE = alignSeries([
  {
    xs: HOURS.map((h) => DAY_START + h * 3600),
    ys: HOURS.map((h) => Math.round((20.5 + 2.5 * Math.sin(((h - 9) / 24) * 2 * Math.PI)) * 10) / 10),
  },
]);
const SERIES: ChartSeriesSpec[] = [{ label: 'Temperature' }];
const format = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

/**
 * What a client's viewer sees most: a location card (title, counts, a sensor tile with its state), a chart,
 * the action buttons and a menu. Inert: it shows the theme, it does nothing.
 */
export function PreviewSample() {
  return (
    <Stack gap="sm" inert>
      <Card withBorder padding="sm" radius="md">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} data-testid="preview-title">
            Reception
          </Text>
          <Text size="xs" c="dimmed" data-testid="preview-dimmed">
            2 areas · 5 pods
          </Text>
        </Group>
        <Paper className="gp-theme-preview-tile" p="xs" mt="xs" radius="sm">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" c="dimmed">
              Temperature
            </Text>
            <Badge color="green" variant="light" size="sm">
              Normal
            </Badge>
          </Group>
          <Text fz={24} fw={600} lh={1.2} style={{ fontVariantNumeric: 'tabular-nums' }}>
            21.5{' '}
            <Text span size="sm" c="dimmed">
              °C
            </Text>
          </Text>
        </Paper>
        <Box mt="xs">
          <TimeSeriesChart
            data={SAMPLE}
            series={SERIES}
            kind="area"
            timeZone="UTC"
            unit="°C"
            range={[DAY_START, DAY_START + 24 * 3600]}
            formatValue={(v) => format.format(v)}
            label="Sample chart of a day's temperatures"
            height={120}
          />
        </Box>
        <Group justify="space-between" mt="xs" wrap="nowrap" gap="xs">
          <Text size="sm" c="primary" td="underline">
            Live performance
          </Text>
          <Button size="xs">See Areas</Button>
        </Group>
      </Card>
      <Group gap="xs">
        <Button size="xs" color="secondary">
          Secondary
        </Button>
        <Button size="xs" variant="default">
          Cancel
        </Button>
        <Badge color="yellow" variant="light">
          Warning
        </Badge>
      </Group>
      <Paper className="gp-theme-preview-menu" withBorder shadow="sm" p={4} w="fit-content" miw={160}>
        <Text size="sm" px="xs" py={4}>
          All Locations
        </Text>
        <Text size="sm" px="xs" py={4} c="dimmed">
          All Areas
        </Text>
      </Paper>
    </Stack>
  );
}
