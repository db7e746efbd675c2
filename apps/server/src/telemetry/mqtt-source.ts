import type { FastifyBaseLogger } from 'fastify';
import type { IngestService } from './ingest-service';
import { startEmbeddedBroker } from './mqtt-broker';
import { startExternalSubscriber } from './mqtt-subscriber';

/** Where the pods' messages come from: Greenpod's own broker, or an external one (MQTT_URL). */
export type MqttSource =
  | { kind: 'embedded'; port: number; host: string }
  | { kind: 'external'; url: string; clientId: string };

/** Starts taking the pods' messages from `source` into `ingest`, in this thread (server.ts or the ingest thread). */
export async function startMqttIngest(
  source: MqttSource,
  ingest: IngestService,
  log: FastifyBaseLogger,
): Promise<{ port?: number; close(): Promise<void> }> {
  if (source.kind === 'external') {
    const subscriber = await startExternalSubscriber({ url: source.url, clientId: source.clientId, ingest, log });
    return { close: () => subscriber.close() };
  }
  return startEmbeddedBroker({ port: source.port, host: source.host, ingest, log });
}
