import { createServer, type Server } from 'node:net';
import { Aedes, type AuthenticateError } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import type { IngestService } from './ingest-service';
import { parseMqttPayload } from './mqtt-payload';
import { hashIngestKey } from './pod-directory';
import { RedeliveryTimes } from './redelivery-times';

export const readingsTopic = (identifier: string) => `pods/${identifier}/readings`;
const BAD_LOGIN = 4;
// The credentials a client signed in with: each publish resolves the pod again (through the
// directory's cache), so a pod deactivated, deleted or re-keyed since is refused at once.
const signInOf = new WeakMap<object, { identifier: string; keyHash: string }>();

/**
 * The embedded broker. A pod signs in with its identifier and ingest key and may publish only to its
 * own topic. Readings are stored inside authorizePublish, so the PUBACK of a QoS 1 message leaves
 * only after the commit: an acknowledged reading is a stored reading.
 */
export async function startEmbeddedBroker(opts: {
  port: number;
  host: string;
  ingest: IngestService;
  log: FastifyBaseLogger;
}) {
  const redelivered = new RedeliveryTimes();
  const broker = await Aedes.createBroker({
    authenticate(client, username, password, done) {
      if (!username || !password) return done(loginError(), false);
      opts.ingest.pods.authenticate(username, password.toString()).then(
        (pod) => {
          if (!pod) return done(loginError(), false);
          signInOf.set(client, { identifier: username, keyHash: hashIngestKey(password.toString()) });
          done(null, true);
        },
        (err: Error) => done(Object.assign(err, { returnCode: 3 }) as AuthenticateError, false),
      );
    },
    authorizePublish(client, packet, callback) {
      const signIn = client ? signInOf.get(client) : undefined;
      if (!signIn || packet.topic !== readingsTopic(signIn.identifier)) {
        return callback(
          new Error(`a pod may publish only to ${signIn ? readingsTopic(signIn.identifier) : 'its own topic'}`),
        );
      }
      // At the ingest queue's bound a message waits for room, its PUBACK withheld (below); past the bound
      // for waiting ones too, it is refused: no PUBACK, the connection closed (MQTT 3.1.1 has no "server
      // busy" for a server to send), and the pod sends it again once it has reconnected
      // (docs/performance.md#soak-and-overload). Before the payload is parsed: shedding costs next to nothing.
      if (opts.ingest.overflowing) return callback(opts.ingest.shed());
      const parsed = parseMqttPayload(packet.payload);
      void opts.ingest.pods
        .authenticateHashed(signIn.identifier, signIn.keyHash)
        .then(async (pod) => {
          // An error closes the connection: the pod must sign in again, and cannot any more.
          if (!pod) {
            opts.log.info(
              { pod: signIn.identifier },
              'MQTT publish refused: the pod is deactivated, deleted or re-keyed',
            );
            return callback(new Error('this pod is deactivated, deleted or its key was changed'));
          }
          if ('refused' in parsed) {
            // Acked so it is not resent forever (it would be refused again), and logged with the reason.
            opts.ingest.note('warn', `MQTT message refused: ${parsed.refused}`, pod, 0);
            return callback(null);
          }
          const at = redelivered.arrival(signIn.identifier, packet.messageId, packet.dup, packet.payload as Buffer);
          const result = await opts.ingest.ingest(pod, parsed.readings, at, { transport: 'mqtt', waitForRoom: true });
          redelivered.stored(signIn.identifier, packet.messageId, packet.payload as Buffer, parsed.readings, at);
          if (result.rejected.length)
            opts.ingest.note('warn', `readings rejected: ${result.rejected[0]?.reason}`, pod, result.rejected.length);
          callback(null);
        })
        .catch((err: Error) => {
          // No ack: the pod keeps the message and sends it again (the failure was logged where it happened).
          callback(err);
        });
    },
    authorizeSubscribe(client, sub, callback) {
      const signIn = signInOf.get(client);
      // Pods may listen on their own subtree (for commands later); nothing else.
      callback(null, signIn && sub.topic.startsWith(`pods/${signIn.identifier}/`) ? sub : null);
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
