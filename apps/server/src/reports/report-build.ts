import type { ReportAnswer, Scope } from '@greenpod/contracts';
import type { PlaceFilter } from '../dashboard/dashboard-scope';
import type { Queryable } from '../db/database';

/** One report's scope and period: whole days `from`..`to` (yyyy-MM-dd, both included) on `timeZone`'s calendar. */
export interface ReportRequest {
  place: PlaceFilter;
  from: string;
  to: string;
  timeZone: string;
  now: Date;
}

/**
 * The report of a place the caller may see (checked before) over a valid period (docs/domain.md#reports), read
 * from rollups and stored savings and scores.
 */
export async function buildReport(_db: Queryable, _scope: Scope, _req: ReportRequest): Promise<ReportAnswer> {
  throw new Error('buildReport: not built yet');
}
