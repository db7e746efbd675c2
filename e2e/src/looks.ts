import { describe, it } from 'vitest';

/**
 * Tests of how screens look (axe findings, layout at 1280 and 390 px, screenshots) draw the same pages whatever
 * database holds the data. `GREENPOD_E2E_LOOKS=0` skips them: CI's PostgreSQL pass sets it, after its PGlite pass
 * ran them, to stay within its 30 minutes (.ci/run). The flows that write and read data run on both.
 */
const skipLooks = process.env.GREENPOD_E2E_LOOKS === '0';

/** A test of how a screen looks. */
export const itLooks = it.skipIf(skipLooks);

/** A group of tests of how screens look. */
export const describeLooks = describe.skipIf(skipLooks);
