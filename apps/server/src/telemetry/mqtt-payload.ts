import { MAX_BATCH_READINGS, MAX_PAYLOAD_BYTES } from '@greenpod/contracts';

/** A pod's MQTT message: its readings, or why the whole message is refused. */
export type MqttPayload = { readings: unknown[] } | { refused: string };

/**
 * The one reading of an MQTT message, for the embedded broker and the external-broker subscriber
 * alike. A refused message is acknowledged all the same (it would be refused again on every resend)
 * and logged with its reason; a message over the batch limit is refused whole, never cut to its head.
 */
export function parseMqttPayload(payload: Buffer | string): MqttPayload {
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) return { refused: `payload over ${MAX_PAYLOAD_BYTES / 1024} KB` };
  let body: unknown;
  try {
    body = JSON.parse(payload.toString());
  } catch {
    return { refused: 'payload is not JSON' };
  }
  const readings = (body as { readings?: unknown } | null)?.readings;
  if (!Array.isArray(readings)) return { refused: 'payload has no readings array' };
  if (readings.length > MAX_BATCH_READINGS)
    return { refused: `more than ${MAX_BATCH_READINGS} readings in one message` };
  return { readings };
}
