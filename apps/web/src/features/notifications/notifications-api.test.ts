import { describe, expect, it } from 'vitest';
import { toPanelNotification, type UserNotificationRow } from './notifications-api';

const row = (over: Partial<UserNotificationRow>): UserNotificationRow => ({
  id: 1,
  read: false,
  created: '2026-11-25 10:00:00',
  notificationTitle: 'ALERT',
  severity: 'HIGH',
  podTitle: 'Boiler room',
  sensorTitle: 'Temperature',
  ...over,
});

describe('toPanelNotification', () => {
  it('names the step, the sensor and the pod', () => {
    expect(toPanelNotification(row({}))).toMatchObject({
      title: 'Alert: Temperature on Boiler room',
      detail: 'high severity',
    });
    expect(toPanelNotification(row({ notificationTitle: 'RESOLVED', severity: 'LOW' })).title).toBe(
      'Resolved: Temperature on Boiler room',
    );
  });

  it('names only the pod of an offline or online pod', () => {
    expect(toPanelNotification(row({ notificationTitle: 'OFFLINE', sensorTitle: null })).title).toBe(
      'Offline: Boiler room',
    );
    expect(toPanelNotification(row({ notificationTitle: 'ONLINE', sensorTitle: null })).title).toBe(
      'Back online: Boiler room',
    );
  });

  it('tells how many the flood guard held back', () => {
    expect(toPanelNotification(row({ notificationTitle: 'SUMMARY', notificationValue: 12 }))).toMatchObject({
      title: '12 more notifications this hour',
      detail: 'Too many at once: see the alerts page · high severity',
    });
  });
});
