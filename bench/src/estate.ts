import { SENSOR_TYPES } from '@greenpod/contracts';

type Api = <T = { data: { id: number } }>(
  method: string,
  path: string,
  body?: unknown,
) => Promise<T & { status: number }>;

/**
 * N pods carrying all eight sensors, made through the real API under a group, client, location and
 * area of their own; returns the pods' identifiers (`<prefix>-<i>`) and ingest keys, and the ids above.
 */
export async function createPods(api: Api, n: number, prefix = 'bench') {
  const id = async (path: string, body: object) => {
    const res = await api<{ data: { id: number } }>('POST', path, body);
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res)}`);
    return res.data.id;
  };
  const groupId = await id('/api/group', { title: 'Bench', description: 'bench' });
  const clientId = await id('/api/client', { groupId, title: 'Bench', description: 'bench' });
  const locationId = await id('/api/location', {
    groupId,
    clientId,
    title: 'L',
    description: 'd',
    country: 'UK',
    city: 'London',
    address: 'a',
    contactName: 'c',
    contactNumber: '1',
    boxCount: 1,
  });
  const areaId = await id('/api/area', { groupId, clientId, locationId, title: 'A', description: 'd' });
  const sensors = await api<{ data: { id: number; type: string }[] }>(
    'GET',
    '/api/sensor?dataTableParams=%7B%22paging%22%3A100%7D',
  );
  const sensorIds = SENSOR_TYPES.map((t) => sensors.data.find((s) => s.type === t)?.id);
  const pods: { id: number; identifier: string; key: string }[] = [];
  for (let i = 0; i < n; i++) {
    const identifier = `${prefix}-${i}`;
    const pod = await api<{ data: { id: number }; ingestKey: string }>('POST', '/api/pod', {
      groupId,
      clientId,
      locationId,
      areaId,
      identifier,
      title: identifier,
      description: 'd',
      voltage: 230,
    });
    for (const sensorId of sensorIds) await api('POST', '/api/pod-sensor', { podId: pod.data.id, sensorId });
    pods.push({ id: pod.data.id, identifier, key: pod.ingestKey });
  }
  return { pods, sensorIds: sensorIds as number[], groupId, clientId };
}
