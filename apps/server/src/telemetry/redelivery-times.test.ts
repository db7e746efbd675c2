import { describe, expect, it } from 'vitest';
import { RedeliveryTimes } from './redelivery-times';

const first = new Date('2026-11-27T03:00:00Z');
const later = new Date(Date.now() + 60_000);
const message = (value: number, created?: string) => {
  const readings = [{ sensorType: 'TEMPERATURE', value, ...(created ? { created } : {}) }];
  return { readings, payload: Buffer.from(JSON.stringify({ readings })) };
};

describe('the arrival time a resent MQTT message is stamped with', () => {
  it('is the first arrival for a DUP resend of the same payload and id, and now otherwise', () => {
    const times = new RedeliveryTimes();
    const m = message(19);
    times.stored('pod-1', 7, m.payload, m.readings, first);
    expect(times.arrival('pod-1', 7, true, m.payload, later)).toEqual(first);
    expect(times.arrival('pod-1', 7, false, m.payload, later)).toEqual(later);
    expect(times.arrival('pod-2', 7, true, m.payload, later)).toEqual(later);
    expect(times.arrival('pod-1', 7, true, message(20).payload, later)).toEqual(later);
  });

  it('forgets a message whose readings all carry their own time: a resend is a duplicate anyway', () => {
    const times = new RedeliveryTimes();
    const m = message(19, '2026-11-27 02:59:00');
    times.stored('pod-1', 7, m.payload, m.readings, first);
    expect(times.arrival('pod-1', 7, true, m.payload, later)).toEqual(later);
  });

  it('keeps at least the last 50,000 messages and forgets the oldest past 100,000', () => {
    const times = new RedeliveryTimes();
    const m = message(19);
    for (let id = 0; id < 120_000; id++) times.stored(`pod-${id}`, 1, m.payload, m.readings, first);
    expect(times.arrival('pod-0', 1, true, m.payload, later)).toEqual(later);
    for (const id of [70_000, 100_001, 119_999])
      expect(times.arrival(`pod-${id}`, 1, true, m.payload, later)).toEqual(first);
  });
});
