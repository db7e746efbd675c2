import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import mqtt from 'mqtt';
import { freePort } from './server-process';

/** Debian's Mosquitto: the MQTT tests that need a real broker, and bench/instances, run against it (CI installs it). */
export const MOSQUITTO = '/usr/sbin/mosquitto';
export const mosquittoAvailable = existsSync(MOSQUITTO);

/** The drop-in the README installs as /etc/mosquitto/conf.d/greenpod.conf. */
export const DROP_IN = resolve(import.meta.dirname, '../../../deploy/mosquitto/greenpod.conf');

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

// Debian's mosquitto user (uid, gid) when this runs as root, as CI does; otherwise the broker runs as us.
const mosquittoUser = (() => {
  if (process.getuid?.() !== 0) return undefined;
  try {
    const [, , uid, gid] = execFileSync('getent', ['passwd', 'mosquitto']).toString().split(':');
    return { uid: Number(uid), gid: Number(gid) };
  } catch {
    return undefined;
  }
})();

export interface ReadmeMosquitto extends Mosquitto {
  /** The folder of the two files (README: /etc/mosquitto/greenpod). */
  files: string;
  /** Debian's group of the broker's user, which reads the files, when this runs as root. */
  gid?: number;
  /** What a Greenpod instance is started with: MQTT_URL and the files' variables, as README step 4. */
  env: { MQTT_URL: string; MQTT_PASSWORD_FILE: string; MQTT_ACL_FILE: string; MQTT_RELOAD_COMMAND: string };
}

/**
 * README "An external Mosquitto", steps 2-3, in a temporary folder: Debian's layout (a main file that sets
 * pid_file and includes conf.d), the repository's drop-in, and the files made with the README's commands for
 * the subscriber user. As root (CI) the broker drops to Debian's `mosquitto` user and reads the files through
 * their group, as the packaged service does. The reload signals the broker through its pid file.
 */
export async function startReadmeMosquitto(subscriber: { user: string; password: string }): Promise<ReadmeMosquitto> {
  let files = '';
  const broker = await startMosquitto((dir, port) => {
    files = join(dir, 'greenpod');
    // install -d -o greenpod -g mosquitto -m 2750 (the caller's own user stands in for greenpod)
    mkdirSync(files);
    if (mosquittoUser) {
      chmodSync(dir, 0o711);
      chownSync(files, process.getuid?.() ?? 0, mosquittoUser.gid);
    }
    chmodSync(files, 0o2750);
    execFileSync('/bin/sh', [
      '-c',
      `umask 027
       mosquitto_passwd -c -b "$1/passwd" "$2" "$3"
       printf 'user %s\\ntopic read pods/+/readings\\n' "$2" | tee "$1/acl" >/dev/null`,
      'sh',
      files,
      subscriber.user,
      subscriber.password,
    ]);
    // The unit's ExecStartPre: a run folder the broker's user owns, for its pid file.
    mkdirSync(join(dir, 'run'), { mode: 0o740 });
    if (mosquittoUser) chownSync(join(dir, 'run'), mosquittoUser.uid, 0);
    mkdirSync(join(dir, 'conf.d'));
    writeFileSync(join(dir, 'conf.d', 'greenpod.conf'), dropInFor(files, port));
    // Debian's mosquitto.conf, less persistence and the log file.
    return `pid_file ${join(dir, 'run', 'mosquitto.pid')}\ninclude_dir ${join(dir, 'conf.d')}\n`;
  });
  const auth = `${encodeURIComponent(subscriber.user)}:${encodeURIComponent(subscriber.password)}`;
  return {
    ...broker,
    files,
    ...(mosquittoUser ? { gid: mosquittoUser.gid } : {}),
    env: {
      MQTT_URL: `mqtt://${auth}@127.0.0.1:${broker.port}`,
      MQTT_PASSWORD_FILE: join(files, 'passwd'),
      MQTT_ACL_FILE: join(files, 'acl'),
      MQTT_RELOAD_COMMAND: `kill -HUP $(cat ${join(broker.dir, 'run', 'mosquitto.pid')})`,
    },
  };
}
