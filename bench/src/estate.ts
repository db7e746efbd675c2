import { SENSOR_TYPES } from '@greenpod/contracts';
import { areaOverApi, createdOverApi } from '@greenpod/server/testing';

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
  const { groupId, clientId, locationId, areaId } = await areaOverApi(api, prefix);
  const sensors = await api<{ data: { id: number; type: string }[] }>(
    'GET',
    '/api/sensor?dataTableParams=%7B%22paging%22%3A100%7D',
  );
  if (sensors.status !== 200) throw new Error(`GET /api/sensor: ${sensors.status} ${JSON.stringify(sensors)}`);
  const sensorIds = SENSOR_TYPES.map((t) => sensors.data.find((s) => s.type === t)?.id);
  const pods: { id: number; identifier: string; key: string }[] = [];
  for (let i = 0; i < n; i++) {
    const identifier = `${prefix}-${i}`;
    const pod = await createdOverApi<{ data: { id: number }; ingestKey: string }>(api, '/api/pod', {
      groupId,
      clientId,
      locationId,
      areaId,
      identifier,
      title: identifier,
      description: 'd',
      voltage: 230,
    });
    for (const sensorId of sensorIds) await createdOverApi(api, '/api/pod-sensor', { podId: pod.data.id, sensorId });
    pods.push({ id: pod.data.id, identifier, key: pod.ingestKey });
  }
  return { pods, sensorIds: sensorIds as number[], groupId, clientId };
}
