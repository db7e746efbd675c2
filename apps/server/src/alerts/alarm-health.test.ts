import { getResource } from '@greenpod/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create, createUser } from '../test/factory';
import { podWithSensors } from '../test/pod-fixture';
import { createTestApp, type TestApp } from '../test/test-app';
import { alarmHealth } from './alarm-health';
import { mailWeeklyAlarmHealth } from './alarm-health-mail';

let t: TestApp;
let pod: Awaited<ReturnType<typeof podWithSensors>>;
let noisy: number;
let quiet: number;
const NOW = new Date('2026-11-25T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  pod = await podWithSensors(t, ['TEMPERATURE']);
  const rule = (title: string) =>
    create(t, getResource('rule'), pod.ctx, {
      podId: pod.id,
      sensorId: pod.sensors.TEMPERATURE ?? 0,
      title,
      condition: 'greater',
      thresholdValue: 30,
    });
  noisy = await rule('Flapping boiler');
  quiet = await rule('Fridge door');
  const note = (ruleId: number | null, type: string, created: string, folded = false) =>
    t.db.query(
      `INSERT INTO notification (group_id, client_id, pod_id, rule_id, type, severity, created, folded)
       VALUES ($1, $2, $3, $4, $5, 'LOW', $6, $7)`,
      [pod.ctx.group ?? null, pod.ctx.client ?? null, pod.id, ruleId, type, created, folded],
    );
  // A flood: twelve in ten minutes on the 24th (one folded by the guard, still noise).
  for (let i = 0; i < 12; i++)
    await note(noisy, i % 2 ? 'WARNING' : 'ALERT', `2026-11-24T10:0${Math.floor(i / 2)}:00Z`, i === 11);
  await note(quiet, 'ALERT', '2026-11-20T08:00:00Z');
  await note(quiet, 'RESOLVED', '2026-11-20T09:00:00Z');
  await note(null, 'SUMMARY', '2026-11-24T10:05:00Z'); // a summary is not a notification of its own
  await note(quiet, 'ALERT', '2026-11-17T08:00:00Z'); // before the seven days
});
afterAll(() => t?.close());

describe('alarm health', () => {
  it('counts per day, finds the noisiest rules and the floods, and judges the week', async () => {
    const h = await alarmHealth(t.db, { days: 7, timeZone: 'UTC', now: NOW });
    expect(h).toMatchObject({ from: '2026-11-19', to: '2026-11-25', total: 14, folded: 1, verdict: 'flooded' });
    expect(h.perDay).toHaveLength(7);
    expect(h.perDay.find((d) => d.day === '2026-11-24')).toEqual({
      day: '2026-11-24',
      alerts: 6,
      warnings: 6,
      other: 0,
    });
    expect(h.perDay.find((d) => d.day === '2026-11-20')).toEqual({
      day: '2026-11-20',
      alerts: 1,
      warnings: 0,
      other: 1,
    });
    expect(h.noisiestRules.map((r) => [r.ruleId, r.count])).toEqual([
      [noisy, 12],
      [quiet, 2],
    ]);
    expect(h.floods).toEqual([{ start: '2026-11-24 10:00:00', clientTitle: expect.any(String), count: 12 }]);
    expect(h.busiest).toEqual({ start: '2026-11-24 10:00:00', count: 12 });
    expect(h.perTenMinutes).toBe(Math.round((14 / 1008) * 100) / 100);
  });

  it('days follow the time zone asked for', async () => {
    const h = await alarmHealth(t.db, {
      days: 1,
      timeZone: 'Pacific/Kiritimati',
      now: new Date('2026-11-20T12:00:00Z'),
    });
    // 08:00 and 09:00 UTC on the 20th are 22:00 and 23:00 on the 20th at UTC+14: both in "today" there.
    expect(h).toMatchObject({ from: '2026-11-21', to: '2026-11-21', total: 0 });
    const before = await alarmHealth(t.db, {
      days: 2,
      timeZone: 'Pacific/Kiritimati',
      now: new Date('2026-11-20T12:00:00Z'),
    });
    expect(before.perDay).toEqual([
      { day: '2026-11-20', alerts: 1, warnings: 0, other: 1 },
      { day: '2026-11-21', alerts: 0, warnings: 0, other: 0 },
    ]);
  });

  it('answers administrators only, and refuses a bad number of days', async () => {
    const ok = await t.call('GET', '/api/alarm-health?days=30&tz=UTC', { token: t.adminToken });
    expect(ok.status).toBe(200);
    expect((ok.body.data as { total: number }).total).toBeGreaterThanOrEqual(15);
    const viewer = await createUser(t, 2);
    expect((await t.call('GET', '/api/alarm-health', { token: viewer.token })).status).toBe(403);
    const bad = await t.call('GET', '/api/alarm-health?days=0', { token: t.adminToken });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('days must be a whole number from 1 to 90');
    expect((await t.call('GET', '/api/alarm-health?tz=Mars/Base', { token: t.adminToken })).status).toBe(400);
  });

  it("mails last week's report to each administrator once", async () => {
    const opts = { timeZone: 'UTC', adminUrl: 'https://greenpod.example/admin/alarm-health', now: NOW };
    expect(await mailWeeklyAlarmHealth(t.db, opts)).toBe('2026-11-16');
    expect(await mailWeeklyAlarmHealth(t.db, opts)).toBeNull();
    const mails = await t.db.query<{ subject: string; body: string }>(
      "SELECT subject, body FROM mail_queue WHERE subject LIKE 'Greenpod alarm health%' ORDER BY id",
    );
    // The mail queue may already have been sent by the app's worker: look in the outbox too.
    const sent = t.outbox().filter((m) => m.includes('Greenpod alarm health'));
    const all = [...mails.map((m) => `${m.subject}\n${m.body}`), ...sent];
    expect(all).toHaveLength(1); // the one seeded administrator
    expect(all[0]).toContain('week of 2026-11-16: manageable');
    expect(all[0]).toContain('Alarm health from 2026-11-16 to 2026-11-22 (UTC)');
    expect(all[0]).toContain('Fridge door on');
  });
});
