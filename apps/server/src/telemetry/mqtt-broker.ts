import { createServer, type Server } from 'node:net';
import { Aedes, type AuthenticateError } from 'aedes';
import { MAX_PAYLOAD_BYTES } from '@greenpod/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { IngestService } from './ingest-service';
import type { PodIdentity } from './reading-validation';

export const readingsTopic = (identifier: string) => `pods/${identifier}/readings`;
const BAD_LOGIN = 4;
const podOf = new WeakMap<object, PodIdentity>();

/**
 * The embedded broker. A pod signs in with its identifier and ingest key and may publish only to its
 * own topic. Readings are stored inside authorizePublish, so the PUBACK of a QoS 1 message leaves
 * only after the commit: an acknowledged reading is a stored reading.
 */
export async function startEmbeddedBroker(opts: { port: number; host: string; ingest: IngestService; log: FastifyBaseLogger }) {
  const broker = await Aedes.createBroker({
    authenticate(client, username, password, done) {
      if (!username || !password) return done(loginError(), false);
      opts.ingest.pods.authenticate(username, password.toString()).then(
        (pod) => {
          if (!pod) return done(loginError(), false);
          podOf.set(client, pod);
          done(null, true);
        },
        (err: Error) => done(Object.assign(err, { returnCode: 3 }) as AuthenticateError, false),
      );
    },
    authorizePublish(client, packet, callback) {
      const pod = client ? podOf.get(client) : undefined;
      if (!pod || packet.topic !== readingsTopic(pod.identifier)) {
        return callback(new Error(`a pod may publish only to ${pod ? readingsTopic(pod.identifier) : 'its own topic'}`));
      }
      if (packet.payload.length > MAX_PAYLOAD_BYTES) {
        // Too big to be a pod's message; acked so it is not resent, and logged with the reason.
        opts.log.warn({ pod: pod.identifier, bytes: packet.payload.length }, 'MQTT payload over 256 KB rejected');
        return callback(null);
      }
      let readings: unknown[];
      try {
        const body = JSON.parse(packet.payload.toString()) as { readings?: unknown };
        readings = Array.isArray(body.readings) ? body.readings : [];
      } catch {
        // A payload that is not JSON will never parse: ack it so the pod does not resend it forever.
        opts.log.warn({ pod: pod.identifier }, 'MQTT payload is not JSON');
        return callback(null);
      }
      opts.ingest.ingest(pod, readings.slice(0, 5000)).then(
        (result) => {
          if (result.rejected.length) opts.log.info({ pod: pod.identifier, rejected: result.rejected.slice(0, 5) }, 'readings rejected');
          callback(null);
        },
        (err: Error) => {
          // No ack: the pod keeps the message and sends it again.
          opts.log.error(err, 'storing MQTT readings failed');
          callback(err);
        },
      );
    },
    authorizeSubscribe(client, sub, callback) {
      const pod = podOf.get(client);
      // Pods may listen on their own subtree (for commands later); nothing else.
      callback(null, pod && sub.topic.startsWith(`pods/${pod.identifier}/`) ? sub : null);
    },
  });
  const server: Server = createServer(broker.handle);
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(opts.port, opts.host, () => ok());
  });
  return {
    port: (server.address() as { port: number }).port,
    async close() {
      await new Promise<void>((ok) => broker.close(() => ok()));
      await new Promise<void>((ok) => server.close(() => ok()));
    },
  };
}

function loginError(): AuthenticateError {
  return Object.assign(new Error('Bad identifier or ingest key'), { returnCode: BAD_LOGIN }) as AuthenticateError;
}
