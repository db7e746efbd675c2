import { describe, expect, it } from 'vitest';
import {
  acknowledgedText,
  alertTime,
  alertValueParts,
  cooldownText,
  goalShareText,
  goalText,
  limitText,
} from './alert-values';

describe('alert values (docs/domain.md#rules)', () => {
  it.each([
    // A 5-minute electricity reading is its energy: 2 Ah x 230 V / 1000 = 0.46 kWh.
    ['ELECTRICITY', 2, 230, '0.46', 'kWh'],
    ['ELECTRICITY', 0.5, 230, '0.115', 'kWh'],
    ['WATER_FLOW', 3.25, 230, '3.25', 'L'],
    ['TEMPERATURE', 27.46, 230, '27.5', '°C'],
    ['HUMIDITY', 61.2, 230, '61.2', '%'],
    ['AIR_QUALITY', 150, 230, '150', 'IAQ'],
  ] as const)('%s reading %f at %i V reads %s %s', (sensorType, reading, voltage, text, unit) => {
    expect(alertValueParts({ sensorType, voltage }, reading)).toEqual({ text, unit });
  });

  it('says the limit in words, in the same unit', () => {
    expect(limitText({ sensorType: 'TEMPERATURE', voltage: 230, condition: 'greater', threshold: 26 })).toBe(
      'Above 26 °C',
    );
    expect(limitText({ sensorType: 'ELECTRICITY', voltage: 120, condition: 'smaller', threshold: 5 })).toBe(
      'Below 0.60 kWh',
    );
    expect(limitText({ sensorType: 'MOTION', voltage: 230, condition: 'equal', threshold: 1 })).toBe('Equal to 1 I/O');
  });

  it('says how soon a rule may notify again, and that a cooldown under the minimum was raised', () => {
    expect(cooldownText({ configured: 60, minutes: 60 })).toBe(
      'Repeats: a new episode notifies at least 60 min after the last one ended',
    );
    expect(cooldownText({ configured: 0, minutes: 5 })).toBe(
      'Repeats: a new episode notifies at least 5 min after the last one ended (cooldown 0 min raised to the minimum, so a flapping sensor is one episode per 5 min)',
    );
  });

  it('writes the goal per period and the savings as a share of it', () => {
    expect(goalText({ amount: 5, currency: 'EUR', period: 'DAILY' })).toBe('€5.00 a day');
    expect(goalText({ amount: 12.5, currency: 'GBP', period: 'MONTHLY' })).toBe('£12.50 a month');
    expect(goalShareText(1.25, 5)).toBe('25 % of the goal');
    expect(goalShareText(-1, 5)).toBe('-20 % of the goal');
    expect(goalShareText(1, 0)).toBeNull();
  });

  it("shows times in the viewer's zone, by day", () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(alertTime('2026-03-10 08:05:00', 'Asia/Dubai', now)).toBe('Today, 12:05');
    expect(alertTime('2026-03-09 21:30:00', 'Asia/Dubai', now)).toBe('Today, 01:30');
    expect(alertTime('2026-03-09 19:30:00', 'Asia/Dubai', now)).toBe('Yesterday, 23:30');
    expect(alertTime('2026-03-01 09:15:00', 'UTC', now)).toBe('1 Mar 2026, 09:15');
  });

  it('says who acknowledged and when', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(acknowledgedText('Ann Lee', '2026-03-10 11:07:00', 'Europe/London', now)).toBe(
      'Acknowledged by Ann Lee at 11:07',
    );
    expect(acknowledgedText('Ann Lee', '2026-03-09 22:40:00', 'UTC', now)).toBe(
      'Acknowledged by Ann Lee yesterday at 22:40',
    );
    expect(acknowledgedText(null, '2026-03-03 09:15:00', 'UTC', now)).toBe(
      'Acknowledged by a former user on 3 Mar 2026 at 09:15',
    );
  });
});
