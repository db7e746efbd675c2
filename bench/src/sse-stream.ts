export interface SseFrame {
  event: string;
  data: string;
}

/**
 * A live stream (`GET /api/live`) held open in the background: its frames gather in `frames` until `close()`.
 * Answers once the server's first frame is in, so the subscription is in place.
 */
export async function openLiveStream(url: string) {
  const controller = new AbortController();
  const res = await fetch(url, { signal: controller.signal });
  if (res.status !== 200)
    throw new Error(`${url.replace(/token=[^&]*/, 'token=...')}: ${res.status} ${await res.text()}`);
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const frames: SseFrame[] = [];
  let buffer = '';
  let connected: () => void = () => {};
  const ready = new Promise<void>((ok) => {
    connected = ok;
  });
  const pump = (async () => {
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (chunk.done) return;
      buffer += decoder.decode(chunk.value, { stream: true });
      const parts = buffer.split('\n\n');
      buffer = parts.pop() ?? '';
      for (const part of parts) {
        if (part.includes(': connected')) connected();
        const event = part.split('\n').find((l) => l.startsWith('event: '));
        const data = part.split('\n').find((l) => l.startsWith('data: '));
        if (event) frames.push({ event: event.slice(7), data: data?.slice(6) ?? '' });
      }
    }
  })();
  await ready;
  return {
    frames,
    async close() {
      controller.abort();
      await pump;
    },
  };
}
