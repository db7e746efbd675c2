/// <reference path="../savings/model/jstat.d.ts" />
// What bench/ drives below the HTTP API: a database opened, migrated and seeded, and the dashboard and rollup
// queries it times. Bench imports them as `@greenpod/server/bench` (the package's exports map), so it depends
// on this list rather than on where each piece sits inside src/.

export type { TimeWindow, WindowMode } from '@greenpod/contracts';

// The Fastify instance's decorations (app.ts), which the demo seed's imports type-check against.
import type {} from '../app';

export { evaluateQueued } from '../alerts/rule-worker';
export { hashPassword } from '../auth/passwords';
export { loadConfig } from '../config';
export { measurementRollupTotal } from '../crud/measurement-total';
export { listCards } from '../dashboard/cards';
export { meansByBucket } from '../dashboard/chart-query';
export { chartPods } from '../dashboard/dashboard-scope';
export { sumsByPod } from '../dashboard/readings-query';
export { planBuckets, resolveWindow } from '../dashboard/window';
export { type Database, openPglite, openPostgres, type Queryable } from '../db/database';
export { migrate } from '../db/migrate';
export { migratedPgliteDump } from '../db/migrated-dump';
export { queueLagSql } from '../db/queue-lag';
export { addLag, type LagHistogram, LagSampler, lagPercentile } from '../metrics/lag-sampler';
export { buildReport } from '../reports/report-build';
export { storeReportMonths } from '../reports/report-months';
export { fitBaseline } from '../savings/model';
export { storeSavingDays } from '../savings/saving-days';
export { readDayRecords } from '../savings/savings-inputs';
export { savingsSummaryOf } from '../savings/savings-summary';
export { computeScores } from '../score/score-compute';
export { seedBase } from '../seed/base-seed';
export { seedDemoEstate } from '../seed/demo-estate';
export { demoPodsPath } from '../seed/demo-pods-file';
export { addPodRowsSql, buildPlacesFromPods } from '../telemetry/location-rollups';
export { dropRawBefore } from '../telemetry/maintenance';
export { makeWeeks, weekPartitions } from '../telemetry/measurement-partitions';
export { addReadingToRollups, removeReadingFromRollups } from '../telemetry/rollup-edits';
export { DERIVED_TABLES, LOCATION_ROLLUPS, POD_ROLLUPS, RAW_LOCATION_ROLLUPS } from '../telemetry/rollup-tables';
