import { dayText, type ReportAnswer, type ReportLevel } from '@greenpod/contracts';
import type { Queryable } from '../db/database';
import { readScore } from '../score/score-routes';

/**
 * The place's stored green score (docs/domain.md#green-score): it always covers the 30 days before it was computed,
 * whatever the report period, and `covers` says so in words rather than pretend it is the period's.
 */
export async function reportScore(
  db: Queryable,
  level: ReportLevel,
  id: number,
  now: Date,
): Promise<ReportAnswer['score']> {
  const score = await readScore(db, level, id, now);
  const covers = score.computed
    ? `The last 30 days to ${dayText(score.computed.slice(0, 10))}, not the report period`
    : 'No score has been computed yet';
  return { ...score, covers };
}
