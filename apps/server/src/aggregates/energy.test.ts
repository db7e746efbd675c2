import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate';
import { podWithSensors } from '../test/pod-fixture';
import { createTestApp, type TestApp } from '../test/test-app';
import { kilowattHours, kilowattHoursSql } from './energy';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

// Each reading is the ampere-hours of a 5-minute interval: kWh = sum x V / 1000 (x multiplier).
const CASES: [readings: number[], voltage: number, multiplier: number, kWh: number][] = [
  [[2, 4], 230, 1, 1.38],
  [[10], 120, 1, 1.2],
  // A steady 1 kW load at 230 V for an hour: 12 readings of 1000 / 230 / 12 Ah each.
  [Array.from({ length: 12 }, () => 1000 / 230 / 12), 230, 1, 1],
  [[5, 5, 5], 230, 2, 6.9],
  [[], 230, 1, 0],
];

describe('kilowattHours', () => {
  it.each(CASES)('readings %j at %d V, multiplier %d: %d kWh', async (readings, voltage, multiplier, kWh) => {
    const sum = readings.reduce((a, b) => a + b, 0);
    expect(kilowattHours(sum, voltage, multiplier)).toBeCloseTo(kWh, 12);
    const [row] = await t.db.query<{ kwh: number }>(
      `SELECT ${kilowattHoursSql('$1::float8', '$2::float8')} * $3::float8 AS kwh`,
      [sum, voltage, multiplier],
    );
    expect(row?.kwh).toBeCloseTo(kWh, 12);
  });
});

describe('migration 009', () => {
  it('rebuilds rows written with the old formula (sum x V / 1000 / 12)', async () => {
    const pod = await podWithSensors(t, ['ELECTRICITY']);
    await t.db.query(
      `INSERT INTO aggregated_data (granularity, pod_id, electricity, electricity_sum, created)
       VALUES ('daily', $1, 3, $2, '2024-05-13T00:00:00Z'), ('weekly', $1, null, null, '2024-05-13T00:00:00Z')`,
      [pod.id, (6 * 230) / 1000 / 12],
    );
    const file = '009_electricity_sum_kwh.sql';
    expect(readFileSync(join(import.meta.dirname, '../../migrations', file), 'utf8')).toContain(
      'UPDATE aggregated_data',
    );
    await t.db.query('DELETE FROM schema_migration WHERE name = $1', [file]);
    expect(await migrate(t.db)).toEqual([file]);
    const rows = await t.db.query<{ granularity: string; electricity_sum: number | null }>(
      'SELECT granularity, electricity_sum FROM aggregated_data WHERE pod_id = $1 ORDER BY granularity',
      [pod.id],
    );
    expect(rows[0]?.electricity_sum).toBeCloseTo(1.38, 12);
    expect(rows[1]?.electricity_sum).toBeNull();
  });
});
