import { REPORT_PERIOD_KINDS, type ReportPeriodKind } from '@greenpod/contracts';
import { ActionIcon, Group, SegmentedControl, Text, TextInput } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { neighbours, periodLabel, periodOf, type ReportPeriod } from './report-period';

const KIND_LABELS: Record<ReportPeriodKind, string> = {
  month: 'Month',
  quarter: 'Quarter',
  year: 'Year',
  custom: 'Custom',
};

interface PeriodPickerProps {
  period: ReportPeriod;
  /** yyyy-MM-dd on the viewer's calendar: nothing after it can be reported on. */
  today: string;
  /** What is wrong with a custom period (contracts' reportPeriodProblem, the server's own rule), or null. */
  problem: { field: 'from' | 'to'; message: string } | null;
  onPeriod(period: ReportPeriod): void;
}

/**
 * Month / Quarter / Year / Custom: a whole period stepped with the arrows (none after the last closed one), or two
 * dates, each with what is wrong with it beside it.
 */
export function PeriodPicker({ period, today, problem, onPeriod }: PeriodPickerProps) {
  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      <SegmentedControl
        aria-label="Period"
        value={period.kind}
        onChange={(k) => onPeriod(periodOf(k as ReportPeriodKind, period, today))}
        data={REPORT_PERIOD_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
      />
      {period.kind === 'custom' ? (
        <Group gap="xs" wrap="nowrap" align="flex-start" style={{ flex: '1 1 280px', maxWidth: 340 }}>
          {/* The browser's own date picker; max keeps days after today out of reach where it can. */}
          <TextInput
            type="date"
            label="From"
            value={period.from}
            max={today}
            error={problem?.field === 'from' ? problem.message : undefined}
            onChange={(e) => onPeriod({ ...period, from: e.currentTarget.value })}
            style={{ flex: 1, minWidth: 0 }}
          />
          <TextInput
            type="date"
            label="To"
            value={period.to}
            max={today}
            error={problem?.field === 'to' ? problem.message : undefined}
            onChange={(e) => onPeriod({ ...period, to: e.currentTarget.value })}
            style={{ flex: 1, minWidth: 0 }}
          />
        </Group>
      ) : (
        <Stepper period={period} today={today} onPeriod={onPeriod} />
      )}
    </Group>
  );
}

/** "< October 2026 >": the previous and next month, quarter or year. */
function Stepper({ period, today, onPeriod }: Omit<PeriodPickerProps, 'problem'>) {
  const { previous, next } = neighbours(period, today);
  const noun = KIND_LABELS[period.kind].toLowerCase();
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon variant="default" size="lg" aria-label={`Previous ${noun}`} onClick={() => onPeriod(previous)}>
        <IconChevronLeft size={18} aria-hidden />
      </ActionIcon>
      <Text fw={600} miw={130} ta="center" aria-live="polite" data-testid="period-label">
        {periodLabel(period)}
      </Text>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={`Next ${noun}`}
        disabled={next === null}
        onClick={() => next && onPeriod(next)}
      >
        <IconChevronRight size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
