import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { type City, CLIMATES, type PodProfile } from './reading-model';

/**
 * The demo pods' ingest keys. The database keeps only their hashes, so the keys the simulator signs in
 * with are written here, beside the database, readable by the owner only.
 */
const cities = Object.keys(CLIMATES) as [City, ...City[]];
const demoPodSchema = z.object({
  identifier: z.string(),
  key: z.string(),
  kind: z.enum(['hotel', 'nursery']),
  city: z.enum(cities),
  voltage: z.number(),
  scale: z.number(),
  weatherPhase: z.number(),
  outdoor: z.boolean().optional(),
  measure: z.object({ from: z.string(), factor: z.number() }).optional(),
});
const fileSchema = z.object({ pods: z.array(demoPodSchema) });

export type DemoPod = z.infer<typeof demoPodSchema> & PodProfile;

export const demoPodsPath = (dataDir: string) => join(dataDir, 'demo-pods.json');

export function writeDemoPods(path: string, pods: readonly DemoPod[]) {
  writeFileSync(path, `${JSON.stringify({ pods }, null, 2)}\n`, { mode: 0o600 });
}

/** The pods in the file, or [] when there is none (an instance that never seeded demo data). */
export function readDemoPods(path: string): DemoPod[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  return fileSchema.parse(JSON.parse(text)).pods;
}
