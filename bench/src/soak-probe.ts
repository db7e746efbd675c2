/**
 * Loaded into the server's own process by bench/soak (`--import`, through SERVER_NODE_ARGS), so the
 * figures come from inside it: every second one line on stdout, `@soak-probe {json}`, with the resident
 * set size, the heap in use (each thread's), and how late a 10 ms timer fired over it (event-loop lag) as a histogram of
 * whole milliseconds, which the bench adds up over any span: the main thread's (HTTP), and the ingest
 * thread's as that thread reports it to the process each second (PostgreSQL: ingest-thread/ingest-thread.ts).
 * The server's code is not touched; its logs go to the same stdout, one line each, so nothing interleaves.
 */
import type { Worker } from 'node:worker_threads';
import { addLag, type LagHistogram, LagSampler } from '@greenpod/server/bench';

const main = new LagSampler();
const ingest = new Map<number, number>();
let ingestHeap: number | undefined;
process.on('worker', (worker: Worker) =>
  worker.on('message', (m: { type?: string; lag?: LagHistogram; heapUsed?: number }) => {
    if (m.type !== 'tally' || !m.lag) return;
    ingestHeap = m.heapUsed;
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
    ...(ingestHeap === undefined ? {} : { ingestLag: Object.fromEntries(ingest), ingestHeap }),
  };
  ingest.clear();
  process.stdout.write(`@soak-probe ${JSON.stringify(line)}\n`);
}, 1000).unref();
