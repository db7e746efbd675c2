import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import mqtt from 'mqtt';
import { freePort } from '../server-process';

/** Debian's Mosquitto: the MQTT tests that need a real broker run against it (CI installs it). */
export const MOSQUITTO = '/usr/sbin/mosquitto';
export const mosquittoAvailable = existsSync(MOSQUITTO);
if (!mosquittoAvailable && process.env.CI) throw new Error('CI must install mosquitto');

/** The drop-in the README installs as /etc/mosquitto/conf.d/greenpod.conf. */
export const DROP_IN = resolve(import.meta.dirname, '../../../../deploy/mosquitto/greenpod.conf');

/**
 * The README's drop-in made to run in a temporary folder: its files there instead of
 * /etc/mosquitto/greenpod, and a free port on the loopback instead of 1883.
 */
export function dropInFor(dir: string, port: number) {
  return readFileSync(DROP_IN, 'utf8')
    .replaceAll('/etc/mosquitto/greenpod', dir)
    .replace(/^listener 1883$/m, `listener ${port} 127.0.0.1`);
}

export interface Mosquitto {
  port: number;
  dir: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts Mosquitto on a free port with the configuration `conf` makes from its folder and port, and
 * answers once it takes connections (it may refuse the first CONNECT: only the socket counts).
 */
export async function startMosquitto(conf: (dir: string, port: number) => string): Promise<Mosquitto> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'greenpod-mosquitto-'));
  writeFileSync(join(dir, 'mosquitto.conf'), conf(dir, port));
  const child = spawn(MOSQUITTO, ['-c', join(dir, 'mosquitto.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`mosquitto exited with ${child.exitCode}: ${stderr}`);
    try {
      (await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { reconnectPeriod: 0, connectTimeout: 2000 })).end(true);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ECONNREFUSED') break;
      if (Date.now() > deadline) throw new Error(`mosquitto did not listen: ${stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    port,
    dir,
    process: child,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill();
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
