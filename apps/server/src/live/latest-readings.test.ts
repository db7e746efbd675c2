import { describe, expect, it } from 'vitest';
import { LatestReadings } from './latest-readings';

const reading = (podId: number, sensorType: string, value: number, created: string) => ({
  podId,
  sensorType,
  value,
  created,
});

describe('LatestReadings', () => {
  it('keeps one reading per pod and sensor type, the later or the same time winning, in any order of arrival', () => {
    const latest = new LatestReadings((r: ReturnType<typeof reading>) => r.created);
    for (const r of [
      reading(1, 'TEMPERATURE', 21, '2026-01-01 00:00:02'),
      reading(1, 'TEMPERATURE', 20, '2026-01-01 00:00:01'),
      reading(1, 'HUMIDITY', 50, '2026-01-01 00:00:01'),
      reading(2, 'TEMPERATURE', 5, '2026-01-01 00:00:01'),
      reading(2, 'TEMPERATURE', 6, '2026-01-01 00:00:01'),
    ])
      latest.add(r);
    expect([...latest].map((r) => [r.podId, r.sensorType, r.value])).toEqual([
      [1, 'TEMPERATURE', 21],
      [1, 'HUMIDITY', 50],
      [2, 'TEMPERATURE', 6],
    ]);
    expect(latest.take(1).map((r) => r.value)).toEqual([21, 50]);
    expect(latest.take(1)).toEqual([]);
    expect([...latest].map((r) => r.podId)).toEqual([2]);
    latest.clear();
    expect([...latest]).toEqual([]);
  });

  it('orders by epoch milliseconds as well', () => {
    const latest = new LatestReadings((r: { podId: number; sensorType: string; at: Date }) => r.at.getTime());
    latest.add({ podId: 1, sensorType: 'CO2', at: new Date(9_000) });
    latest.add({ podId: 1, sensorType: 'CO2', at: new Date(10_000) });
    latest.add({ podId: 1, sensorType: 'CO2', at: new Date(800) });
    expect([...latest].map((r) => r.at.getTime())).toEqual([10_000]);
  });
});
