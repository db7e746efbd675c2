import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { demoPodsPath, readDemoPods } from '../seed/demo-pods-file';
import { startSimulator } from './simulator';

/**
 * `npm run simulate -- --pods N --interval S [--url mqtt://host:1883] [--pods-file data/demo-pods.json]`
 * Streams live readings for the demo pods to any Greenpod broker (or an external one in front of it),
 * for demos and load tests. The pods and their keys come from the file the demo seed wrote.
 */
const usage =
  'usage: npm run simulate -- [--pods N] [--interval SECONDS] [--url mqtt://host:1883] [--pods-file data/demo-pods.json]';

async function main() {
  const { values } = parseArgs({
    options: {
      pods: { type: 'string' },
      interval: { type: 'string', default: '5' },
      url: { type: 'string', default: `mqtt://localhost:${process.env.MQTT_PORT ?? 1883}` },
      'pods-file': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) return console.log(usage);
  const base = process.env.INIT_CWD ?? process.cwd();
  const file = values['pods-file']
    ? resolve(base, values['pods-file'])
    : demoPodsPath(resolve(base, process.env.DATA_DIR ?? 'data'));
  const interval = Number(values.interval);
  const wanted = values.pods === undefined ? Number.POSITIVE_INFINITY : Number(values.pods);
  if (!(interval > 0) || !(wanted > 0)) throw new Error(`--pods and --interval must be positive numbers\n${usage}`);
  const all = readDemoPods(file);
  if (all.length === 0)
    throw new Error(`no demo pods in ${file}: start the server once in demo mode, or pass --pods-file`);
  if (wanted > all.length && Number.isFinite(wanted)) {
    console.log(`${file} holds ${all.length} pods; simulating all of them (a pod needs its own ingest key).`);
  }
  const pods = all.slice(0, Math.min(wanted, all.length));

  console.log(`Connecting ${pods.length} pods to ${values.url}, one message of 8 readings per pod every ${interval} s`);
  const sim = await startSimulator({
    url: values.url,
    pods,
    intervalSeconds: interval,
    onProblem: (pod, message) => console.log(`  ${pod}: ${message}`),
    onTick: (r) =>
      console.log(
        `${r.at.toISOString().slice(11, 19)}  ${r.connected}/${r.pods} pods connected  ${r.acked} readings acked  ${r.failed} messages failed`,
      ),
  });
  console.log(`${sim.connected}/${pods.length} pods signed in. Ctrl-C stops.`);
  const stop = async () => {
    await sim.stop();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
