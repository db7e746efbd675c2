import { Group, SegmentedControl, Select, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { DashboardState } from '../dashboard-state';
import { LIVE_MINUTES, TAB_LABELS, TABS, type WindowMode } from './dashboard-window';

interface WindowControlsProps {
  state: DashboardState;
  /** yyyy-MM-dd on the viewer's clock: no later day is offered. */
  today: string;
  /** Live performance has no tabs, only its timeframe. */
  liveOnly: boolean;
  onChange(change: Partial<DashboardState>): void;
}

const MINUTE_CHOICES = LIVE_MINUTES.map((m) => ({ value: String(m), label: `${m} mins` }));

/** The time tabs, and beside them the Live timeframe or the two Date Range pickers. */
export function WindowControls({ state, today, liveOnly, onChange }: WindowControlsProps) {
  // Six tabs fit a 360 px phone only in the small size.
  const phone = useMediaQuery('(max-width: 30em)');
  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      {!liveOnly && (
        <SegmentedControl
          aria-label="Time window"
          value={state.tab}
          onChange={(tab) => onChange({ tab: tab as WindowMode })}
          data={TABS.map((t) => ({ value: t, label: TAB_LABELS[t] }))}
          size={phone ? 'xs' : 'sm'}
          fullWidth={phone}
          styles={phone ? { label: { paddingInline: 4 } } : undefined}
          maw="100%"
        />
      )}
      {state.tab === 'live' && (
        <Select
          label="Timeframe"
          data={MINUTE_CHOICES}
          value={String(state.minutes)}
          onChange={(v) => v && onChange({ minutes: Number(v) })}
          allowDeselect={false}
          w={120}
          size="sm"
        />
      )}
      {state.tab === 'range' && state.from && state.to && (
        <Group gap="xs" wrap="nowrap" w={phone ? '100%' : undefined}>
          {/* The browser's own date picker: min and max keep every day after today, and an end
              before the start, out of reach. */}
          <TextInput
            type="date"
            label="From"
            value={state.from}
            max={state.to}
            onChange={(e) => {
              const from = e.currentTarget.value;
              if (from && from <= (state.to ?? today)) onChange({ from });
            }}
            size="sm"
            w={phone ? undefined : 150}
            style={phone ? { flex: 1, minWidth: 0 } : undefined}
          />
          <TextInput
            type="date"
            label="To"
            value={state.to}
            min={state.from}
            max={today}
            onChange={(e) => {
              const to = e.currentTarget.value;
              if (to && to >= (state.from ?? to) && to <= today) onChange({ to });
            }}
            size="sm"
            w={phone ? undefined : 150}
            style={phone ? { flex: 1, minWidth: 0 } : undefined}
          />
        </Group>
      )}
    </Group>
  );
}
