/**
 * Loaded into the server's own process by bench/soak (`--import`, through SERVER_NODE_ARGS), so the
 * figures come from inside it: every second one line on stdout, `@soak-probe {json}`, with the resident
 * set size, the heap in use, and how late a 10 ms timer fired
 * over it (event-loop lag) as a histogram of whole milliseconds, which the bench adds up over any span.
 * The server's code is not touched; its logs go to the same stdout, one line each, so nothing interleaves.
 */
const STEP_MS = 10;
const lag = new Map<number, number>();
let expected = performance.now() + STEP_MS;
const sample = () => {
  const now = performance.now();
  const late = Math.max(0, Math.round(now - expected));
  lag.set(late, (lag.get(late) ?? 0) + 1);
  expected = now + STEP_MS;
  setTimeout(sample, STEP_MS).unref();
};
setTimeout(sample, STEP_MS).unref();

setInterval(() => {
  const memory = process.memoryUsage();
  const line = {
    t: Date.now(),
    rss: memory.rss,
    heap: memory.heapUsed,
    lag: Object.fromEntries(lag),
  };
  lag.clear();
  process.stdout.write(`@soak-probe ${JSON.stringify(line)}\n`);
}, 1000).unref();
