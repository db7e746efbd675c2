import { pod } from '@greenpod/contracts';
import { describe, expect, it } from 'vitest';
import { rotatePrompt, secretLabel, secretNote, secretOf } from './secret';

describe('once-shown secrets', () => {
  it('words the modal and the confirmation from the field name', () => {
    expect(secretLabel('ingestKey')).toBe('Ingest key');
    expect(secretLabel('apiToken2Value')).toBe('Api token2 value');
    expect(rotatePrompt(pod, 'ingestKey')).toBe('Rotate the ingest key? The pod must be given the new key.');
    expect(secretNote(pod, 'ingestKey')).toMatch(
      /^Copy this key now: it is shown only once\. The pod signs in to MQTT/,
    );
  });

  it('reads the secret only when it is a non-empty string', () => {
    expect(secretOf({ ingestKey: 'k' }, 'ingestKey')).toBe('k');
    expect(secretOf({ ingestKey: '' }, 'ingestKey')).toBeNull();
    expect(secretOf({ ingestKey: 5 }, 'ingestKey')).toBeNull();
    expect(secretOf({}, 'ingestKey')).toBeNull();
  });
});
