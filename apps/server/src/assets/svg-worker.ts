import { parentPort } from 'node:worker_threads';
import { prepareSanitiser, type SvgOutcome, sanitisedSvg } from './svg-sanitiser';

/** The thread svg-checker.ts starts: ready once jsdom is loaded, then one file in, its outcome out, at a time. */
parentPort?.on('message', async (bytes: Uint8Array) => {
  const outcome: SvgOutcome = await sanitisedSvg(bytes).catch(() => ({ kind: 'not-svg' }) as const);
  parentPort?.postMessage(outcome);
});
await prepareSanitiser();
parentPort?.postMessage('ready');
