/**
 * Loaded into the server's own process by bench/soak (`--import`, through SERVER_NODE_ARGS), so the
 * figures come from inside it: every second one line on stdout, `@soak-probe {json}`, with the resident
 * set size, the heap in use, and how late a 10 ms timer fired over it (event-loop lag) as a histogram of
 * whole milliseconds, which the bench adds up over any span: the main thread's (HTTP), and the ingest
 * thread's as that thread reports it to the process each second (PostgreSQL: ingest-thread/ingest-thread.ts).
 * The server's code is not touched; its logs go to the same stdout, one line each, so nothing interleaves.
 */
import type { Worker } from 'node:worker_threads';
import { addLag, type LagHistogram, LagSampler } from '@greenpod/server/bench';

const main = new LagSampler();
const ingest = new Map<number, number>();
let ingestThread = false;
process.on('worker', (worker: Worker) =>
  worker.on('message', (m: { type?: string; lag?: LagHistogram }) => {
    if (m.type !== 'tally' || !m.lag) return;
    ingestThread = true;
    addLag(ingest, m.lag);
  }),
);

setInterval(() => {
  const memory = process.memoryUsage();
  const line = {
    t: Date.now(),
    rss: memory.rss,
    heap: memory.heapUsed,
    lag: main.take(),
    ...(ingestThread ? { ingestLag: Object.fromEntries(ingest) } : {}),
  };
  ingest.clear();
  process.stdout.write(`@soak-probe ${JSON.stringify(line)}\n`);
}, 1000).unref();
