import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

const serverDir = resolve(import.meta.dirname, '..');

export const freePort = () =>
  new Promise<number>((ok) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });

/** The real server as a child process (for tests that kill it), ready once it prints its banner. */
export async function startServerProcess(env: Record<string, string>, startTimeoutMs = 60_000): Promise<ChildProcess> {
  // node with tsx as a loader is one process, so a SIGKILL really kills the server (the tsx CLI would
  // only lose its wrapper and leave the server running).
  const extra = process.env.SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []; // e.g. --cpu-prof for profiling
  const child = spawn(process.execPath, [...extra, '--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      GREENPOD_DEMO: '0',
      DATABASE_URL: '',
      WEATHER_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // A caller that dies half-way (a bench that throws, a test process that ends) leaves no server behind:
  // the child has its own pipes and would keep its ports and data folder. Synchronous, as exit handlers are.
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.once('exit', stop);
  child.once('exit', () => process.off('exit', stop));
  let output = '';
  await new Promise<void>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`server did not start:\n${output}`)), startTimeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Greenpod is running')) {
        clearTimeout(timer);
        ok();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return child;
}

/** Minimal JSON client for a running server. */
export function apiClient(baseUrl: string, token?: string) {
  return async <T = { data: unknown }>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<T & { status: number }> => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { ...((await res.json()) as T), status: res.status };
  };
}

type Api = ReturnType<typeof apiClient>;

/** POSTs a record through a running server's API and answers the created body; anything but 201 throws. */
export async function createdOverApi<T extends { data: { id: number } }>(
  api: Api,
  path: string,
  body: object,
): Promise<T> {
  const res = await api<T>('POST', path, body);
  if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(res)}`);
  return res;
}

const createOverApi = async (api: Api, path: string, body: object) => (await createdOverApi(api, path, body)).data.id;

/** A group, client, location and area of their own, made through a running server's API. */
export async function areaOverApi(api: Api, name: string) {
  const groupId = await createOverApi(api, '/api/group', { title: `G ${name}`, description: 'd' });
  const clientId = await createOverApi(api, '/api/client', { groupId, title: `C ${name}`, description: 'd' });
  const locationId = await createOverApi(api, '/api/location', {
    groupId,
    clientId,
    title: `L ${name}`,
    description: 'd',
    country: 'UK',
    city: 'London',
    address: 'a',
    contactName: 'c',
    contactNumber: '1',
    boxCount: 1,
  });
  const areaId = await createOverApi(api, '/api/area', {
    groupId,
    clientId,
    locationId,
    title: `A ${name}`,
    description: 'd',
  });
  return { groupId, clientId, locationId, areaId };
}

/**
 * A group, client, location, area and pod made through the API of a running server, with the pod
 * carrying the given sensor types; answers the pod's id, its ingest key and the sensors' ids by type.
 */
export async function podOverApi(api: Api, identifier: string, types: readonly string[]) {
  const { groupId, clientId, locationId, areaId } = await areaOverApi(api, identifier);
  const created = await createdOverApi<{ data: { id: number }; ingestKey: string }>(api, '/api/pod', {
    groupId,
    clientId,
    locationId,
    areaId,
    identifier,
    title: `Pod ${identifier}`,
    description: 'd',
    voltage: 230,
  });
  const sensors = await api<{ data: { id: number; type: string }[] }>(
    'GET',
    '/api/sensor?dataTableParams=%7B%22paging%22%3A100%7D',
  );
  const sensorIds: Record<string, number> = {};
  for (const s of sensors.data.filter((x) => types.includes(x.type))) {
    await createOverApi(api, '/api/pod-sensor', { podId: created.data.id, sensorId: s.id });
    sensorIds[s.type] = s.id;
  }
  return { id: created.data.id, groupId, clientId, ingestKey: created.ingestKey, sensorIds };
}
