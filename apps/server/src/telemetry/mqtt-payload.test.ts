import { MAX_BATCH_READINGS, MAX_PAYLOAD_BYTES } from '@greenpod/contracts';
import { describe, expect, it } from 'vitest';
import { parseMqttPayload } from './mqtt-payload';

describe('parseMqttPayload', () => {
  it.each([
    ['not JSON', '{"readings": [', 'payload is not JSON'],
    ['no readings array', '{"readings": {"value": 1}}', 'payload has no readings array'],
    ['JSON null', 'null', 'payload has no readings array'],
    [
      'too many readings',
      JSON.stringify({ readings: Array.from({ length: MAX_BATCH_READINGS + 1 }, () => ({})) }),
      `more than ${MAX_BATCH_READINGS} readings in one message`,
    ],
    ['too many bytes', JSON.stringify({ readings: [], pad: 'x'.repeat(MAX_PAYLOAD_BYTES) }), 'payload over 256 KB'],
  ])('refuses a message whole: %s', (_, payload, reason) => {
    expect(parseMqttPayload(Buffer.from(payload))).toEqual({ refused: reason });
  });

  it('hands back every reading of a message at the limit', () => {
    const readings = Array.from({ length: MAX_BATCH_READINGS }, (_, i) => ({ value: i }));
    expect(parseMqttPayload(Buffer.from(JSON.stringify({ readings })))).toEqual({ readings });
  });
});
