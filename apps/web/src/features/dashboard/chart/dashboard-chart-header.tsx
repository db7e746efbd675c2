import { ActionIcon, Box, Group, SegmentedControl, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconChartArea, IconChartBar, IconFileTypeCsv, IconHistory } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useChartColors } from '../../../components/chart/chart-colors';

interface HeaderProps {
  title: string;
  subtitle: string;
  kind: 'bar' | 'area';
  onKindChange(kind: 'bar' | 'area'): void;
  comparePrevious: boolean;
  onComparePreviousChange(on: boolean): void;
  onDownload(): void;
  canDownload: boolean;
  /** The legend's two entries while the previous period is shown. */
  legend?: { current: string; previous: string };
}

const KINDS = [
  { value: 'bar', label: <KindLabel icon={<IconChartBar size={14} />} text="Bar" /> },
  { value: 'area', label: <KindLabel icon={<IconChartArea size={14} />} text="Area" /> },
];

function KindLabel({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <Group gap={4} wrap="nowrap" justify="center">
      {icon}
      <span>{text}</span>
    </Group>
  );
}

function Swatch({ dashed }: { dashed?: boolean }) {
  const colors = useChartColors();
  return (
    <Box
      component="span"
      w={16}
      style={{
        display: 'inline-block',
        borderTop: `2px ${dashed ? 'dashed' : 'solid'} ${dashed ? colors.previous : colors.line}`,
      }}
    />
  );
}

/** The graph title and subtitle, the bar/area toggle, and the quiet "previous period" and "CSV" buttons. */
export function DashboardChartHeader(props: HeaderProps) {
  return (
    <Group justify="space-between" align="flex-start" gap="sm">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Title order={3} size="h4">
          {props.title}
        </Title>
        <Text size="sm" c="dimmed">
          {props.subtitle}
        </Text>
        {props.legend && (
          <Group gap="md" mt={4}>
            <Group gap={6} wrap="nowrap">
              <Swatch />
              <Text size="xs" c="dimmed">
                {props.legend.current}
              </Text>
            </Group>
            <Group gap={6} wrap="nowrap">
              <Swatch dashed />
              <Text size="xs" c="dimmed">
                {props.legend.previous}
              </Text>
            </Group>
          </Group>
        )}
      </Stack>
      <Group gap="xs" wrap="nowrap">
        <SegmentedControl
          size="xs"
          aria-label="Chart type"
          data={KINDS}
          value={props.kind}
          onChange={(v) => props.onKindChange(v === 'area' ? 'area' : 'bar')}
        />
        <Tooltip label="Compare with the previous period">
          <ActionIcon
            variant={props.comparePrevious ? 'light' : 'subtle'}
            color={props.comparePrevious ? undefined : 'gray'}
            size="lg"
            aria-label="Previous period"
            aria-pressed={props.comparePrevious}
            onClick={() => props.onComparePreviousChange(!props.comparePrevious)}
          >
            <IconHistory size={18} stroke={1.6} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Download CSV">
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label="CSV"
            disabled={!props.canDownload}
            onClick={props.onDownload}
          >
            <IconFileTypeCsv size={18} stroke={1.6} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
