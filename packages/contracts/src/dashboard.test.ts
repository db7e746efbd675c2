import { describe, expect, it } from 'vitest';
import { dashboardCardSchema, graphDataSchema, weatherSchema } from './dashboard';

const card = {
  id: 1,
  title: 'Dubai Mall',
  areaCount: 2,
  podCount: 3,
  offlinePodCount: 1,
  score: null,
  scoreReason: null,
  readings: [{ sensorType: 'TEMPERATURE', avg: 21.5, voltage: 230 }],
  notificationMargin: 10,
  limits: [{ sensorType: 'TEMPERATURE', condition: 'greater', threshold: 30 }],
};

describe('the dashboard answers', () => {
  it('takes a stat-all card as the server answers it', () => {
    expect(dashboardCardSchema.parse(card)).toEqual(card);
  });

  // The web's copy had it optional; the server always counts it, so a card without one is a broken answer.
  it('requires the offline pod count', () => {
    const { offlinePodCount: _, ...without } = card;
    expect(dashboardCardSchema.safeParse(without).success).toBe(false);
  });

  it('refuses a limit condition no rule has', () => {
    const limits = [{ sensorType: 'TEMPERATURE', condition: 'above', threshold: 30 }];
    expect(dashboardCardSchema.safeParse({ ...card, limits }).success).toBe(false);
  });

  it('takes the weather of an offered city only', () => {
    const weather = { city: 'London', temperature: 12.5, condition: 'Rain', forecast: null };
    expect(weatherSchema.parse(weather)).toEqual(weather);
    expect(weatherSchema.safeParse({ ...weather, city: 'Paris' }).success).toBe(false);
  });

  it('takes graph series as [mean, bucket start] pairs', () => {
    const data = { TEMPERATURE: [[21, '2026-05-10 00:00:00'] as [number, string]] };
    expect(graphDataSchema.parse(data)).toEqual(data);
    expect(graphDataSchema.safeParse({ TEMPERATURE: [['21', '2026-05-10 00:00:00']] }).success).toBe(false);
  });
});
