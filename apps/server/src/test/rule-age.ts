import type { TestApp } from './test-app';

/**
 * Makes every rule and Alert row of the test's database two hours old. The engine never looks back before
 * a rule became active on a pod (docs/domain.md#rules), so a test that dates readings up to an hour back
 * ages the rules it made first.
 */
export async function ageRules(t: Pick<TestApp, 'db'>) {
  await t.db.query("UPDATE rule SET created = now() - interval '2 hours'");
  await t.db.query("UPDATE alert SET created = now() - interval '2 hours'");
}
