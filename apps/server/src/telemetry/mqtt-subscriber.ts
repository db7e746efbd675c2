import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import mqtt from 'mqtt';
import type { IngestService } from './ingest-service';
import { parseMqttPayload } from './mqtt-payload';
import { RedeliveryTimes } from './redelivery-times';

/** Several Greenpod instances split the pods' messages between them through a shared subscription. */
export const SHARED_TOPIC = '$share/greenpod/pods/+/readings';

/**
 * How long the broker keeps the subscriber's session, and the messages queued in it, while the
 * instance is away (ADR 0025): long enough to cover an outage noticed on a Monday, bounded so the
 * session of an instance retired for good is dropped by the broker in the end.
 */
export const SESSION_EXPIRY_SECONDS = 7 * 24 * 3600;

type SendPacket = (packet: mqtt.Packet, cb?: (err?: Error) => void) => void;

// MQTT 5 DISCONNECT reason "Session taken over": another client connected with our client id.
const SESSION_TAKEN_OVER = 142;

/**
 * The client id names the session the broker keeps for this instance, so it must be the same after a
 * restart. Host and HTTP port tell instances apart on one machine; a container whose host name changes
 * at every start needs MQTT_CLIENT_ID.
 */
export function defaultClientId(port: number) {
  return `greenpod-${hostname().replace(/[^A-Za-z0-9._-]/g, '_')}-${port}`.slice(0, 64);
}

/**
 * Reads from an external broker (MQTT_URL) instead of embedding one. The broker authenticates pods
 * and its ACLs keep each on its own topic; here the identifier in the topic picks the pod. The ack
 * to the broker is sent only after the readings are committed, and the session is persistent with a
 * fixed client id, so what the broker acknowledged to a pod waits there while this process is down.
 */
export async function startExternalSubscriber(opts: {
  url: string;
  clientId: string;
  ingest: IngestService;
  log: FastifyBaseLogger;
}) {
  // PUBACKs held back until their message's readings are committed, by message id.
  const commits = new Map<number, { stored: Promise<void>; stream: unknown }>();
  // The broker resends what this instance did not ack with DUP and the same id (its pods' own resends
  // come as new messages: the broker does not pass their DUP on).
  const redelivered = new RedeliveryTimes();
  const client = mqtt.connect(opts.url, {
    clientId: opts.clientId,
    clean: false,
    protocolVersion: 5,
    properties: { sessionExpiryInterval: SESSION_EXPIRY_SECONDS },
    customHandleAcks(topic, message, packet, done) {
      if (packet.messageId !== undefined)
        commits.set(packet.messageId, { stored: store(topic, message, packet), stream: client.stream });
      done(0);
    },
  });
  const store = async (topic: string, message: Buffer, packet: { messageId?: number; dup: boolean }) => {
    const identifier = /^pods\/([^/]+)\/readings$/.exec(topic)?.[1];
    if (!identifier) return;
    const parsed = parseMqttPayload(message);
    const pod = await opts.ingest.pods.byIdentifier(identifier);
    // Acked either way: a pod that is gone, or a message that can never be read, is not resent.
    if (!pod) return opts.ingest.note('warn', 'MQTT message refused: unknown or deactivated pod', identifier, 0);
    if ('refused' in parsed) return opts.ingest.note('warn', `MQTT message refused: ${parsed.refused}`, pod, 0);
    const at = redelivered.arrival('broker', packet.messageId, packet.dup, message);
    // At the bound, or held shut by the rules engine's lag bound, the message waits for room without its PUBACK, as in
    // the embedded broker: refused, it would drop the connection so the broker resends it, once a second for as long
    // as ingest stays shut. The broker sends no more than its in-flight window meanwhile.
    const result = await opts.ingest.ingest(pod, parsed.readings, at, { transport: 'mqtt', waitForRoom: true });
    redelivered.stored('broker', packet.messageId, message, parsed.readings, at);
    if (result.rejected.length)
      opts.ingest.note('warn', `readings rejected: ${result.rejected[0]?.reason}`, pod, result.rejected.length);
  };
  // mqtt.js reads the next message only once the PUBACK of the last is sent, so acking after each
  // commit would store one message per transaction (about 10 a second on PGlite here). Instead
  // it reads on at once, and the PUBACK itself waits for the commit: messages then share the group
  // commit's transactions. A PUBACK is sent only on the connection its message came by; after a
  // reconnect the broker resends the message and it is stored (idempotently) and acked again.
  const internals = client as unknown as { _sendPacket: SendPacket };
  const send = internals._sendPacket.bind(client);
  internals._sendPacket = (packet, cb) => {
    const commit =
      packet.cmd === 'puback' && packet.messageId !== undefined ? commits.get(packet.messageId) : undefined;
    if (!commit || packet.cmd !== 'puback') return send(packet, cb);
    commits.delete(packet.messageId as number);
    cb?.();
    commit.stored.then(
      () => {
        if (client.connected && client.stream === commit.stream) send(packet);
      },
      () => {
        // No ack. The broker resends an unacknowledged message only on a new connection, so
        // reconnect rather than leave it (and the broker's in-flight window) stuck until then.
        if (client.stream === commit.stream) client.stream.destroy();
      },
    );
  };
  // mqtt.js reports lost connections and refused packets as 'error' events, and an
  // EventEmitter with no listener for them would end the process. The client reconnects by itself.
  client.on('error', (err) => opts.log.warn({ err: err.message }, 'MQTT subscriber'));
  client.on('disconnect', (packet) => {
    if (packet.reasonCode === SESSION_TAKEN_OVER)
      opts.log.error(
        { clientId: opts.clientId },
        'another client connected to the MQTT broker with this MQTT_CLIENT_ID: give each instance its own',
      );
  });
  const connack = await new Promise<mqtt.IConnackPacket>((ok, fail) => {
    client.once('connect', ok);
    client.once('error', fail);
  });
  const subscribed = client.subscribeAsync(SHARED_TOPIC, { qos: 1 });
  // A session the broker kept already holds the subscription, and it delivers what it queued at once:
  // the SUBACK waits behind that backlog, so do not hold the start for it (a failure still shows).
  if (connack.sessionPresent)
    subscribed.catch((err: Error) => opts.log.error({ err: err.message }, 'MQTT subscribe failed'));
  else await subscribed;
  opts.log.info({ topic: SHARED_TOPIC, clientId: opts.clientId }, 'subscribed to the external MQTT broker');
  return {
    /**
     * A plain close keeps the session, so the broker queues for this instance until it is back; with
     * endSession the broker drops the session and its share of the messages goes to the other instances.
     */
    close: (o: { endSession?: boolean } = {}) =>
      client.endAsync(false, o.endSession ? { properties: { sessionExpiryInterval: 0 } } : {}),
  };
}
