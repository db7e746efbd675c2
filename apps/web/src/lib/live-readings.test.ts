import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../test/fake-event-source';
import { useLiveNotifications, useLiveReadings } from './live-readings';
import { TOKEN_KEY } from './session';

const reading = { podId: 3, sensorType: 'TEMPERATURE', value: 21, created: '2026-01-01 10:00:00', readings: [] };

describe('useLiveReadings', () => {
  beforeEach(() => {
    FakeEventSource.install();
    localStorage.setItem(TOKEN_KEY, 'tok en');
  });
  afterEach(() => {
    vi.useRealTimers();
    FakeEventSource.reset();
  });
  const start = (enabled = true) => {
    const handlers = { onReading: vi.fn(), onReconnect: vi.fn() };
    const hook = renderHook(({ on }) => useLiveReadings(on, handlers), { initialProps: { on: enabled } });
    return { handlers, ...hook };
  };

  it('opens one stream with the token, hands on each reading and closes on unmount', () => {
    const { handlers, unmount } = start();
    const source = FakeEventSource.only();
    expect(source.url).toBe('/api/live?token=tok%20en');
    source.emit('open');
    source.emit('reading', reading);
    expect(handlers.onReading).toHaveBeenCalledWith(reading);
    expect(handlers.onReconnect).not.toHaveBeenCalled();
    unmount();
    expect(source.closed).toBe(true);
  });

  it('opens nothing while disabled or signed out, and closes when disabled', () => {
    const { rerender } = start(false);
    expect(FakeEventSource.instances).toHaveLength(0);
    rerender({ on: true });
    const source = FakeEventSource.only();
    rerender({ on: false });
    expect(source.closed).toBe(true);
    localStorage.clear();
    start();
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('asks for a refetch when the browser reconnects after a drop', () => {
    const { handlers } = start();
    const source = FakeEventSource.only();
    source.emit('open');
    source.fail(false);
    source.emit('open');
    expect(handlers.onReconnect).toHaveBeenCalledTimes(1);
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('asks for a refetch when the server says it is back after losing its database', () => {
    const { handlers } = start();
    const source = FakeEventSource.only();
    source.emit('open');
    source.emit('back', {});
    expect(handlers.onReconnect).toHaveBeenCalledTimes(1);
    expect(source.closed).toBe(false);
  });

  it('opens a new stream after a refusal the browser will not retry', () => {
    vi.useFakeTimers();
    const { handlers } = start();
    const first = FakeEventSource.only();
    first.fail(true);
    expect(first.closed).toBe(true);
    vi.advanceTimersByTime(2_000);
    const second = FakeEventSource.only();
    expect(second).not.toBe(first);
    second.emit('open');
    expect(handlers.onReconnect).toHaveBeenCalledTimes(1);
  });

  it('stops for good on end', () => {
    vi.useFakeTimers();
    start();
    const source = FakeEventSource.only();
    source.emit('end', {});
    expect(source.closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('skips an event it cannot read', () => {
    const { handlers } = start();
    const source = FakeEventSource.only();
    source.emitRaw('reading', '{not json');
    expect(handlers.onReading).not.toHaveBeenCalled();
  });
});

describe('useLiveNotifications', () => {
  beforeEach(() => {
    FakeEventSource.install();
    localStorage.setItem(TOKEN_KEY, 'tok');
  });
  afterEach(() => FakeEventSource.reset());

  it('asks for notifications only, and shares one stream with readings once the dashboard needs them', () => {
    const onNotification = vi.fn();
    const bell = renderHook(() => useLiveNotifications(true, onNotification));
    const first = FakeEventSource.only();
    expect(first.url).toBe('/api/live?token=tok&only=notifications');
    first.emit('open');
    first.emit('notification', {});
    expect(onNotification).toHaveBeenCalledTimes(1);

    const handlers = { onReading: vi.fn(), onReconnect: vi.fn() };
    const dashboard = renderHook(() => useLiveReadings(true, handlers));
    const shared = FakeEventSource.only();
    expect(first.closed).toBe(true);
    expect(shared.url).toBe('/api/live?token=tok');
    // Whatever the switch missed is fetched again, by both.
    shared.emit('open');
    expect(onNotification).toHaveBeenCalledTimes(2);
    expect(handlers.onReconnect).toHaveBeenCalledTimes(1);
    shared.emit('notification', {});
    shared.emit('reading', reading);
    expect(onNotification).toHaveBeenCalledTimes(3);
    expect(handlers.onReading).toHaveBeenCalledWith(reading);

    dashboard.unmount();
    expect(FakeEventSource.only().url).toBe('/api/live?token=tok&only=notifications');
    bell.unmount();
    expect(FakeEventSource.instances.every((s) => s.closed)).toBe(true);
  });
});
