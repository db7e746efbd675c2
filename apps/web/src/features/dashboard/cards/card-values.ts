import {
  type CardLimit,
  type CardReading,
  gaugeState,
  type RuleState,
  SENSOR_RANGES,
  SENSOR_UNITS,
  type SensorType,
} from '@greenpod/contracts';
import { formatValue } from '../../../lib/sensor-values';

/** One sensor tile of a card, as it is shown (docs/domain.md#cards). */
export interface Tile {
  sensorType: SensorType;
  /** Null when the card has no reading of this type in the window: the tile reads N/A. */
  value: number | null;
  /** The value as text, with the spec's rounding. */
  text: string;
  unit: string;
  /** 0..100 along the half circle. */
  percent: number;
  state: RuleState | null;
  /** The pods' mean voltage, on electricity tiles only. */
  voltage: number | null;
}

// Pods report every 5 minutes: x12 is per hour (docs/domain.md#readings).
const PER_HOUR = 12;

/** The shown value: electricity as kW (12 x reading x voltage / 1000), water as L/h (12 x reading). */
export function displayValue(sensorType: string, avg: number, voltage: number): number {
  if (sensorType === 'ELECTRICITY') return Math.round(((PER_HOUR * avg * voltage) / 1000) * 100) / 100;
  if (sensorType === 'WATER_FLOW') return PER_HOUR * avg;
  return Math.round(avg);
}

/** Where a value sits between its sensor's min and max, clamped to 0..100. */
export function gaugePercent(sensorType: SensorType, value: number): number {
  const { min, max } = SENSOR_RANGES[sensorType];
  const p = ((value - min) / (max - min)) * 100;
  return Math.min(100, Math.max(0, p));
}

/**
 * The tile of one sensor type. Rules judge readings as pods send them, so the state compares the raw
 * mean with the limits; the dial shows the value as displayed, on its sensor's range.
 */
export function tileOf(
  sensorType: SensorType,
  readings: readonly CardReading[],
  limits: readonly CardLimit[],
  margin: number,
): Tile {
  const unit = SENSOR_UNITS[sensorType];
  const reading = readings.find((r) => r.sensorType === sensorType);
  if (!reading) return { sensorType, value: null, text: 'N/A', unit, percent: 0, state: null, voltage: null };
  const value = displayValue(sensorType, reading.avg, reading.voltage);
  const own = limits.filter((l) => l.sensorType === sensorType);
  return {
    sensorType,
    value,
    text: formatValue(sensorType, value),
    unit,
    percent: gaugePercent(sensorType, value),
    state: gaugeState(sensorType, reading.avg, own, margin),
    voltage: sensorType === 'ELECTRICITY' ? Math.round(reading.voltage) : null,
  };
}

export const STATE_LABELS: Record<RuleState, string> = {
  ok: 'Within limits',
  close: 'Close to a limit',
  exceeded: 'Limit exceeded',
};

/** "3 areas · 7 pods" (areas only where a card holds several). */
export function countsText(level: 'location' | 'area' | 'pod', areaCount: number, podCount: number): string | null {
  const n = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  if (level === 'location') return `${n(areaCount, 'area')} · ${n(podCount, 'pod')}`;
  if (level === 'area') return n(podCount, 'pod');
  return null;
}

/** "Offline" on a pod's card, "2 offline" on a place's; nothing while every pod reports. */
export function offlineText(level: 'location' | 'area' | 'pod', offlinePodCount: number): string | null {
  if (offlinePodCount <= 0) return null;
  return level === 'pod' ? 'Offline' : `${offlinePodCount} offline`;
}
