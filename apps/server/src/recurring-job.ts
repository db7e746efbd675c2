/**
 * A job run every `everyMs` and on demand, one pass at a time in this process: a slow pass is never stacked on
 * by the next tick. `run()` waits for the pass in progress (or starts one); with `again`, a call during a pass
 * asks for one more pass after it (new input arrived meanwhile). `stop()` clears the timer and waits for the
 * pass in progress, so the database can be closed after it. `pass` handles its own errors.
 */
export function startRecurringJob<T>(
  pass: () => Promise<T>,
  opts: { everyMs: number; autoStart?: boolean; again?: boolean },
) {
  let running: Promise<T> | undefined;
  let queued = false;
  let stopped = false;
  const run = (): Promise<T | undefined> => {
    if (stopped) return Promise.resolve(undefined);
    if (running) {
      if (opts.again) queued = true;
      return running;
    }
    running = pass().finally(() => {
      running = undefined;
      if (queued && !stopped) {
        queued = false;
        void run();
      }
    });
    return running;
  };
  const timer = setInterval(() => void run(), opts.everyMs);
  timer.unref();
  if (opts.autoStart !== false) void run();
  return {
    run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
