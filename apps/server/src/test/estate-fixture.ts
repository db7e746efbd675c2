import { getResource, type Resource } from '@greenpod/contracts';
import { insertReadings } from '../telemetry/measurement-writer';
import { DERIVED_TABLES } from '../telemetry/rollup-tables';
import { type Context, create, createUser, ensure } from './factory';
import type { TestApp } from './test-app';

export interface Estate {
  locations: number[];
  areas: { id: number; locationId: number }[];
  pods: { id: number; areaId: number; locationId: number; voltage: number }[];
  sensorIds: Record<string, number>;
  /** The group and client everything hangs from. */
  ctx: Context;
}

/** Test data: one client with `locations` locations x 2 areas x 2 pods (voltages 230 and 120). */
export async function buildEstate(t: TestApp, locations = 2): Promise<Estate> {
  const base: Context = {};
  await ensure(t, 'client', base);
  const estate: Estate = { locations: [], areas: [], pods: [], sensorIds: {}, ctx: base };
  for (let l = 0; l < locations; l++) {
    const atLocation: Context = { ...base };
    const locationId = await ensure(t, 'location', atLocation);
    estate.locations.push(locationId);
    for (let a = 0; a < 2; a++) {
      const atArea: Context = { ...atLocation };
      const areaId = await ensure(t, 'area', atArea);
      estate.areas.push({ id: areaId, locationId });
      for (const voltage of [230, 120]) {
        const id = await create(t, getResource('pod'), atArea, { voltage });
        estate.pods.push({ id, areaId, locationId, voltage });
      }
    }
  }
  const sensors = await t.db.query<{ id: number; type: string }>('SELECT id, type FROM sensor');
  estate.sensorIds = Object.fromEntries(sensors.map((s) => [s.type, s.id]));
  return estate;
}

/** A verified viewer whose role is bound to one location only. */
export async function locationViewer(t: TestApp, estate: Estate, locationId: number) {
  const role = await t.call('POST', '/api/role', {
    token: t.adminToken,
    body: { title: `Viewer of ${locationId}`, description: 'One location', accessLevel: 10 },
  });
  const roleId = (role.body.data as { id: number }).id;
  await create(t, getResource('role-location') as Resource, { ...estate.ctx, role: roleId, location: locationId });
  return createUser(t, roleId);
}

export interface TestReading {
  podId: number;
  sensorType: string;
  value: number;
  created: Date;
}

/** Replaces every reading (and the rollups) with these, through the real writer. */
export async function replaceReadings(t: TestApp, estate: Estate, readings: readonly TestReading[]) {
  for (const table of DERIVED_TABLES) await t.db.query(`DELETE FROM ${table}`);
  await t.db.query('DELETE FROM measurement');
  const rows = readings.map((r) => ({ ...r, sensorId: estate.sensorIds[r.sensorType] ?? 0 }));
  // In chunks, like ingest batches, so the rollups are built by upserts over several statements.
  for (let i = 0; i < rows.length; i += 50) await t.db.transaction((tx) => insertReadings(tx, rows.slice(i, i + 50)));
}
