import { expect } from 'vitest';

export interface SseFrame {
  event: string;
  data: string;
}

/**
 * Opens a real Server-Sent Events connection, waits for the server's first frame (the subscription is
 * then in place), runs `act`, and reads frames until `done` says enough or `ms` runs out.
 */
export async function readSse(url: string, act: () => Promise<void>, done: (frames: SseFrame[]) => boolean, ms = 4000) {
  const controller = new AbortController();
  const res = await fetch(url, { signal: controller.signal });
  expect(res.status, res.status === 200 ? '' : await res.text()).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const frames: SseFrame[] = [];
  let buffer = '';
  const first = await reader.read();
  buffer += decoder.decode(first.value);
  await act();
  const deadline = Date.now() + ms;
  while (!done(frames) && Date.now() < deadline) {
    const chunk = await Promise.race([
      reader.read(),
      new Promise<null>((r) => setTimeout(() => r(null), deadline - Date.now())),
    ]);
    if (!chunk || chunk.done) break;
    buffer += decoder.decode(chunk.value, { stream: true });
    const parts = buffer.split('\n\n');
    buffer = parts.pop() ?? '';
    for (const part of parts) {
      const event = part.split('\n').find((l) => l.startsWith('event: '));
      const data = part.split('\n').find((l) => l.startsWith('data: '));
      if (event) frames.push({ event: event.slice(7), data: data?.slice(6) ?? '' });
    }
  }
  controller.abort();
  return frames;
}

/** One open SSE connection, read frame by frame for as long as a test needs (readSse reads one burst). */
export async function openSseStream(url: string) {
  const controller = new AbortController();
  const res = await fetch(url, { signal: controller.signal });
  expect(res.status, res.status === 200 ? '' : await res.text()).toBe(200);
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const frames: SseFrame[] = [];
  let buffer = '';
  let ended = false;
  let connected = false;
  // A read still pending when a wait times out is kept for the next wait: its chunk must not be lost.
  let pending: ReturnType<typeof reader.read> | null = null;
  /** Reads until `done` holds, the stream ends or `ms` pass; says whether `done` holds. */
  const until = async (done: () => boolean, ms = 20_000) => {
    const deadline = Date.now() + ms;
    while (!done() && !ended && Date.now() < deadline) {
      pending ??= reader.read().catch(() => ({ done: true as const, value: undefined }));
      const chunk = await Promise.race([
        pending,
        new Promise<null>((r) => setTimeout(() => r(null), deadline - Date.now())),
      ]);
      if (!chunk) break;
      pending = null;
      if (chunk.done) {
        ended = true;
        break;
      }
      buffer += decoder.decode(chunk.value, { stream: true });
      const parts = buffer.split('\n\n');
      buffer = parts.pop() ?? '';
      for (const part of parts) {
        if (part.includes(': connected')) connected = true;
        const event = part.split('\n').find((l) => l.startsWith('event: '));
        const data = part.split('\n').find((l) => l.startsWith('data: '));
        if (event) frames.push({ event: event.slice(7), data: data?.slice(6) ?? '' });
      }
    }
    return done();
  };
  await until(() => connected, 5000);
  return { frames, until, ended: () => ended, close: () => controller.abort() };
}
