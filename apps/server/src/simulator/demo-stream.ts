import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { demoPodsPath, readDemoPods } from '../seed/demo-pods-file';
import { type Simulator, startSimulator } from './simulator';

/** Demo data is on in embedded mode and off with DATABASE_URL, unless GREENPOD_DEMO says otherwise. */
export const demoEnabled = (config: Pick<Config, 'GREENPOD_DEMO' | 'DATABASE_URL'>) =>
  config.GREENPOD_DEMO ?? !config.DATABASE_URL;

/**
 * The in-process simulator of embedded demo mode: every pod of demo-pods.json streams into the
 * embedded broker, so the dashboards move from the first minute. Its lines go to the debug log; a pod
 * that cannot sign in (a database reset without the file) is a warning, once.
 */
export async function startDemoStream(opts: {
  config: Pick<Config, 'DATA_DIR' | 'HOST' | 'SIMULATOR_INTERVAL_SECONDS'>;
  brokerPort: number;
  log: FastifyBaseLogger;
}): Promise<Simulator | undefined> {
  const pods = readDemoPods(demoPodsPath(opts.config.DATA_DIR));
  if (pods.length === 0) return undefined;
  // A broker listening on every address is reached on loopback; otherwise on the address it serves.
  const host = ['0.0.0.0', '::', ''].includes(opts.config.HOST) ? '127.0.0.1' : opts.config.HOST;
  return startSimulator({
    url: `mqtt://${host.includes(':') ? `[${host}]` : host}:${opts.brokerPort}`,
    pods,
    intervalSeconds: opts.config.SIMULATOR_INTERVAL_SECONDS,
    onTick: (r) => opts.log.debug({ simulator: r }, 'demo readings published'),
    onProblem: (pod, message) => opts.log.warn({ pod }, `demo simulator: ${message}`),
  });
}
