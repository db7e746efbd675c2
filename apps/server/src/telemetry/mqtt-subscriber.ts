import type { FastifyBaseLogger } from 'fastify';
import mqtt from 'mqtt';
import type { IngestService } from './ingest-service';

/** Several Greenpod instances split the pods' messages between them through a shared subscription. */
export const SHARED_TOPIC = '$share/greenpod/pods/+/readings';

/**
 * Reads from an external broker (MQTT_URL) instead of embedding one. The broker authenticates pods
 * and its ACLs keep each on its own topic; here the identifier in the topic picks the pod. The ack
 * to the broker is sent only after the readings are committed, so the broker redelivers on failure.
 */
export async function startExternalSubscriber(opts: { url: string; ingest: IngestService; log: FastifyBaseLogger }) {
  const client = mqtt.connect(opts.url, {
    clientId: `greenpod-${process.pid}-${Math.random().toString(36).slice(2, 8)}`,
    clean: false,
    protocolVersion: 5,
    customHandleAcks(topic, message, _packet, done) {
      const identifier = /^pods\/([^/]+)\/readings$/.exec(topic)?.[1];
      if (!identifier) return done(0);
      let readings: unknown[] = [];
      try {
        const body = JSON.parse(message.toString()) as { readings?: unknown };
        readings = Array.isArray(body.readings) ? body.readings : [];
      } catch {
        opts.log.warn({ topic }, 'MQTT payload is not JSON');
        return done(0);
      }
      opts.ingest.pods
        .byIdentifier(identifier)
        .then((pod) => (pod ? opts.ingest.ingest(pod, readings.slice(0, 5000)) : null))
        .then(
          () => done(0),
          (err: Error) => {
            opts.log.error(err, 'storing MQTT readings failed');
            done(err);
          },
        );
    },
  });
  await new Promise<void>((ok, fail) => {
    client.once('connect', () => ok());
    client.once('error', fail);
  });
  await client.subscribeAsync(SHARED_TOPIC, { qos: 1 });
  opts.log.info({ topic: SHARED_TOPIC }, 'subscribed to the external MQTT broker');
  return { close: () => client.endAsync() };
}
