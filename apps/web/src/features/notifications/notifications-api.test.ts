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

  it('says what happened: the value and the limit at raising, in the alerts units', () => {
    const humid = { notificationValue: 58, notificationLimit: 60, sensorType: 'HUMIDITY', podVoltage: 230 };
    expect(toPanelNotification(row({ notificationTitle: 'WARNING', ...humid })).reading).toBe(
      'Humidity 58 %, limit 60 %',
    );
    // An electricity reading is its 5-minute energy at the pod's voltage: 2 Ah x 120 V / 1000 = 0.24 kWh.
    const power = { notificationValue: 2, notificationLimit: 1.5, sensorType: 'ELECTRICITY', podVoltage: 120 };
    expect(toPanelNotification(row(power)).reading).toBe('Electricity 0.24 kWh, limit 0.18 kWh');
    // Raised before limits were stored: the value alone; an offline pod has no reading to tell.
    expect(
      toPanelNotification(row({ notificationValue: 31.25, notificationLimit: null, sensorType: 'TEMPERATURE' }))
        .reading,
    ).toBe('Temperature 31.3 °C');
    expect(toPanelNotification(row({ notificationTitle: 'OFFLINE', sensorType: null })).reading).toBeUndefined();
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
