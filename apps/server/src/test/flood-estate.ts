import { getResource } from '@greenpod/contracts';
import { create } from './factory';
import { podWithSensors } from './pod-fixture';
import { ageRules } from './rule-age';
import type { TestApp } from './test-app';

/**
 * The flood guard's estate: one temperature pod whose client allows three alerts, and five rules ("Hot 1" to
 * "Hot 5", above 30) that all break on the same reading; `severity` names each rule's by its number.
 */
export async function floodEstate(t: TestApp, severity: (i: number) => 'LOW' | 'HIGH' = () => 'LOW') {
  const pod = await podWithSensors(t, ['TEMPERATURE']);
  await create(t, getResource('configuration'), pod.ctx, { alertLimit: 3, active: true });
  for (let i = 1; i <= 5; i++)
    await create(t, getResource('rule'), pod.ctx, {
      podId: pod.id,
      sensorId: pod.sensors.TEMPERATURE ?? 0,
      title: `Hot ${i}`,
      condition: 'greater',
      thresholdValue: 30,
      severity: severity(i),
    });
  await ageRules(t);
  return pod;
}
