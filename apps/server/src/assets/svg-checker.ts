import { Worker } from 'node:worker_threads';
import { type SvgOutcome, svgText } from './svg-sanitiser';

/** A drawing jsdom has not sanitised by then is refused, and its thread ended. */
const CHECK_TIMEOUT_MS = 30_000;
/** The thread (and jsdom in it) goes after this long without an SVG. */
const IDLE_MS = 5 * 60_000;

// The server runs TypeScript through tsx (ADR 0007); a worker thread registers it before loading its module.
const BOOTSTRAP = `const { workerData } = require('node:worker_threads');
import(workerData.tsx).then(({ register }) => { register(); return import(workerData.entry); });`;

/**
 * Sanitises SVG uploads on a worker thread (docs/domain.md#assets): jsdom needs seconds for a big drawing and
 * minutes for a deeply nested one, which on the main thread would stall every request and every pod's readings.
 * Files go one at a time; one still running `timeoutMs` after it was handed over (the thread's start not counted)
 * ends its thread and counts as too complex.
 */
export function createSvgChecker({ timeoutMs = CHECK_TIMEOUT_MS } = {}) {
  let worker: Promise<Worker> | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  let idle: NodeJS.Timeout | undefined;

  const stop = async () => {
    const running = worker;
    worker = undefined;
    await running?.then(
      (w) => w.terminate(),
      () => undefined,
    );
  };

  /** A new thread, once it has loaded jsdom (its 'ready'); a thread that fails to start rejects. */
  const start = () => {
    const thread = new Worker(BOOTSTRAP, {
      eval: true,
      workerData: { tsx: import.meta.resolve('tsx/esm/api'), entry: new URL('./svg-worker.ts', import.meta.url).href },
    });
    // A sanitiser waiting for work never keeps the process alive.
    thread.unref();
    worker = new Promise<Worker>((resolve, reject) => {
      const failed = (err?: Error) => {
        thread.off('message', ready);
        reject(err ?? new Error('the SVG sanitiser did not start'));
      };
      const ready = () => {
        thread.off('error', failed).off('exit', failed);
        resolve(thread);
      };
      thread.once('message', ready).once('error', failed).once('exit', failed);
    });
    worker.catch(() => stop());
    return worker;
  };

  async function run(bytes: Uint8Array): Promise<SvgOutcome> {
    clearTimeout(idle);
    const thread = await (worker ?? start());
    return new Promise<SvgOutcome>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        thread.off('message', onMessage).off('error', onError).off('exit', onExit);
        idle = setTimeout(stop, IDLE_MS).unref();
      };
      const onMessage = (outcome: SvgOutcome) => {
        done();
        resolve(outcome);
      };
      const onError = (err: Error) => {
        done();
        void stop();
        reject(err);
      };
      const onExit = () => onError(new Error('the SVG sanitiser stopped'));
      const timer = setTimeout(() => {
        done();
        void stop();
        resolve({ kind: 'too-complex' });
      }, timeoutMs);
      thread.on('message', onMessage).on('error', onError).on('exit', onExit);
      thread.postMessage(bytes);
    });
  }

  return {
    /** The file's outcome; a file that is no SVG by its first bytes never reaches the thread. */
    check(bytes: Uint8Array): Promise<SvgOutcome> {
      if (svgText(bytes) === null) return Promise.resolve({ kind: 'not-svg' });
      const job = queue.then(() => run(bytes));
      queue = job.catch(() => undefined);
      return job;
    },
    async close() {
      clearTimeout(idle);
      await stop();
    },
  };
}
export type SvgChecker = ReturnType<typeof createSvgChecker>;
