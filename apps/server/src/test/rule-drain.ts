import { evaluateQueued } from '../alerts/rule-worker';
import type { TestApp } from './test-app';

/**
 * Runs the rules engine until its queue is empty. The app's own worker may hold part of the queue
 * (claimed, not yet committed), so this also waits for that.
 */
export async function drainRules(t: TestApp) {
  for (;;) {
    while ((await evaluateQueued(t.db, { alertsUrl: 'http://localhost/alerts' })) > 0);
    const [left] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM rule_evaluation_queue');
    if (left?.n === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}
