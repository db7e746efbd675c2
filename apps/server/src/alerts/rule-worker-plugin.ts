import type { FastifyInstance } from 'fastify';
import { publicBase } from '../auth/account-mails';
import { sendQueuedMail } from '../mail/mail-queue';
import { evaluateQueued } from './rule-worker';

// Leftovers (a crash, another instance's batch, a run that failed) are picked up this often.
const POLL_MS = 5_000;

/**
 * Runs the rules engine soon after every committed ingest batch and every few seconds besides; one run
 * at a time per instance (several instances share the queue through SKIP LOCKED).
 */
export function registerRuleWorker(app: FastifyInstance) {
  const opts = { alertsUrl: `${publicBase(app)}/alerts` };
  let running: Promise<void> | null = null;
  let again = false;
  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        do {
          again = false;
          while ((await evaluateQueued(app.db, opts)) > 0);
        } while (again);
        while ((await sendQueuedMail(app.db, app.mailer, app.log)) > 0);
      } catch (err) {
        app.log.error(err, 'evaluating rules failed; the queue keeps the work for the next run');
      } finally {
        running = null;
      }
    })();
  };
  const writer = app.ingest.writer;
  const previous = writer.onCommitted;
  writer.onCommitted = (rows) => {
    previous?.(rows);
    if (rows.length > 0) setImmediate(run);
  };
  const timer = setInterval(run, POLL_MS);
  timer.unref();
  app.addHook('onReady', async () => run());
  app.addHook('onClose', async () => {
    clearInterval(timer);
    writer.onCommitted = previous;
    await running;
  });
}
