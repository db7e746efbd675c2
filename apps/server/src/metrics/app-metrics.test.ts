import { describe, expect, it } from 'vitest';
import { MAX_GROUP_ROWS } from '../telemetry/group-commit';
import { AppMetrics } from './app-metrics';

describe('the ingest statement histograms', () => {
  it("count the group commit's largest statement in a bucket of its own, not only in +Inf", async () => {
    const metrics = new AppMetrics();
    metrics.timeStatement(MAX_GROUP_ROWS)();
    metrics.timeStatement(10_000)();
    const text = await metrics.registry.metrics();
    expect(text).toContain('greenpod_ingest_statement_readings_bucket{le="8000"} 0');
    expect(text).toContain('greenpod_ingest_statement_readings_bucket{le="12000"} 1');
    expect(text).toContain(`greenpod_ingest_statement_readings_bucket{le="${MAX_GROUP_ROWS}"} 2`);
  });
});
