import type { FastifyBaseLogger } from 'fastify';
import mqtt from 'mqtt';
import type { IngestService } from './ingest-service';
import { parseMqttPayload } from './mqtt-payload';

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
      const parsed = parseMqttPayload(message);
      opts.ingest.pods
        .byIdentifier(identifier)
        .then(async (pod) => {
          // Acked either way: a pod that is gone, or a message that can never be read, is not resent.
          if (!pod) return opts.ingest.note('warn', 'MQTT message refused: unknown or deactivated pod', identifier, 0);
          if ('refused' in parsed) return opts.ingest.note('warn', `MQTT message refused: ${parsed.refused}`, pod, 0);
          const result = await opts.ingest.ingest(pod, parsed.readings);
          if (result.rejected.length)
            opts.ingest.note('warn', `readings rejected: ${result.rejected[0]?.reason}`, pod, result.rejected.length);
        })
        .then(
          () => done(0),
          // No ack: the broker redelivers (the failure was logged, briefly, where it happened).
          (err: Error) => done(err),
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
