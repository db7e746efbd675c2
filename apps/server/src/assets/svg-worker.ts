import { parentPort } from 'node:worker_threads';
import { type SvgOutcome, sanitisedSvg } from './svg-sanitiser';

/** The thread svg-checker.ts starts: one file in, its outcome out, one at a time. */
parentPort?.on('message', async (bytes: Uint8Array) => {
  const outcome: SvgOutcome = await sanitisedSvg(bytes).catch(() => ({ kind: 'not-svg' }) as const);
  parentPort?.postMessage(outcome);
});
