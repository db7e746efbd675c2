import { vi } from 'vitest';

type Listener = (event: MessageEvent<string>) => void;

/** A stand-in for the browser's EventSource (jsdom has none): tests open, emit, drop and end streams. */
export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];

  readyState = FakeEventSource.CONNECTING;
  closed = false;
  private listeners = new Map<string, Listener[]>();

  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }

  /** Dispatches a named event with a JSON body (or none, for open and error). */
  emit(type: string, data?: unknown) {
    this.emitRaw(type, data === undefined ? '' : JSON.stringify(data));
  }

  emitRaw(type: string, data: string) {
    if (type === 'open') this.readyState = FakeEventSource.OPEN;
    const event = new MessageEvent<string>(type, { data });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  /** The connection dropped; `final` is a refusal the browser will not retry by itself. */
  fail(final: boolean) {
    this.readyState = final ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.emit('error');
  }

  static install() {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  }

  static reset() {
    FakeEventSource.instances = [];
  }

  /** The one open stream; fails when there are several, since a page must open one at most. */
  static only(): FakeEventSource {
    const open = FakeEventSource.instances.filter((s) => !s.closed);
    if (open.length !== 1) throw new Error(`expected one open stream, found ${open.length}`);
    return open[0] as FakeEventSource;
  }
}
