import { Card, Group, Progress, Text } from '@mantine/core';
import { IconMinus, IconTrendingDown, IconTrendingUp } from '@tabler/icons-react';

export type ProgressLevel = 'HIGH' | 'MEDIUM' | 'LOW';

const LEVELS = {
  HIGH: { color: 'green', Icon: IconTrendingUp },
  MEDIUM: { color: 'orange', Icon: IconMinus },
  LOW: { color: 'red', Icon: IconTrendingDown },
} as const;

export interface ProgressCardProps {
  title: string;
  level: ProgressLevel;
  /** Amount saved; the bar never goes below 0 (docs/domain.md#savings). */
  saved: number;
  goal: number;
  unit?: string;
}

export function ProgressCard({ title, level, saved, goal, unit = '' }: ProgressCardProps) {
  const { color, Icon } = LEVELS[level];
  const percent = goal > 0 ? Math.min(100, (Math.max(0, saved) / goal) * 100) : 0;
  return (
    <Card withBorder padding="md" w={260}>
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{title}</Text>
        <Icon color={`var(--mantine-color-${color}-7)`} aria-label={`${level} level`} role="img" />
      </Group>
      <Progress value={percent} color={color} aria-label={`${title} progress`} />
      <Text size="sm" mt="xs" c="dimmed">
        {unit}
        {saved.toFixed(2)} of {unit}
        {goal.toFixed(2)} ({percent.toFixed(0)}%)
      </Text>
    </Card>
  );
}
