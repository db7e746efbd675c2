import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { publicBase } from '../auth/account-mails';
import { sendQueuedMail } from '../mail/mail-queue';
import { sweepOffline } from './presence';
import { evaluateQueued } from './rule-worker';

// Leftovers (a crash, another instance's batch, a run that failed) are picked up this often.
const POLL_MS = 5_000;
// Silent pods are looked for this often (at most this late after their limit).
const OFFLINE_SWEEP_MS = 30_000;

/**
 * Runs the rules engine soon after every committed ingest batch and every few seconds besides; one run
 * at a time per instance (several instances share the queue through SKIP LOCKED).
 */
export function registerRuleWorker(app: FastifyInstance) {
  const opts = { alertsUrl: `${publicBase(app)}/alerts`, onRaised: app.metrics?.notificationsRaised };
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
          for (;;) {
            const started = performance.now();
            if ((await evaluateQueued(app.db, opts)) === 0) break;
            // PGlite is one connection: every request and ingest statement waits for a claim to commit.
            // Resting as long as the claim took leaves them at least half of it while a flood is worked off.
            if (app.db.kind === 'pglite') await sleep(performance.now() - started);
          }
        } while (again);
        while ((await sendQueuedMail(app.db, app.mailer, app.log)) > 0);
      } catch (err) {
        app.log.error(err, 'evaluating rules failed; the queue keeps the work for the next run');
      } finally {
        running = null;
      }
    })();
  };
  const stopHearing = app.ingest.onStored(() => setImmediate(run));
  const timer = setInterval(run, POLL_MS);
  timer.unref();
  const interval = app.config.POD_REPORT_INTERVAL_MINUTES * 60_000;
  const offlineAfterMs = interval * app.config.POD_OFFLINE_INTERVALS;
  let sweeping: Promise<unknown> | null = null;
  const sweep = () => {
    sweeping ??= sweepOffline(app.db, offlineAfterMs, app.metrics?.notificationsRaised)
      .catch((err: unknown) => app.log.error({ err }, 'looking for offline pods failed; trying again soon'))
      .finally(() => {
        sweeping = null;
      });
  };
  let sweepTimer: ReturnType<typeof setInterval> | undefined;
  // No pod could reach a server that was down: pods get one reporting interval after the start to report
  // again before any is judged offline (docs/domain.md#notifications).
  const firstSweep = setTimeout(() => {
    sweep();
    sweepTimer = setInterval(sweep, OFFLINE_SWEEP_MS);
    sweepTimer.unref();
  }, interval);
  firstSweep.unref();
  app.addHook('onReady', async () => run());
  app.addHook('onClose', async () => {
    clearInterval(timer);
    clearTimeout(firstSweep);
    clearInterval(sweepTimer);
    stopHearing();
    await running;
    await sweeping;
  });
}
