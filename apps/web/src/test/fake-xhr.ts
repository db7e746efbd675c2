import { vi } from 'vitest';

export interface FakeAnswer {
  status: number;
  body: unknown;
}

/**
 * A stand-in for XMLHttpRequest (jsdom's would go to the network): each request records what it was sent,
 * reports its upload in two steps, then answers what `answer` gives for it.
 */
export class FakeXhr {
  static requests: FakeXhr[] = [];
  static answer: (request: FakeXhr) => FakeAnswer | Promise<FakeAnswer> = () => ({ status: 200, body: {} });

  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
    FakeXhr.requests.push(this);
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  abort() {
    this.onabort?.();
  }

  send(body: unknown) {
    this.body = body;
    queueMicrotask(async () => {
      for (const loaded of [50, 100])
        this.upload.onprogress?.({ lengthComputable: true, loaded, total: 100 } as ProgressEvent);
      const { status, body: answer } = await FakeXhr.answer(this);
      this.status = status;
      this.responseText = typeof answer === 'string' ? answer : JSON.stringify(answer);
      this.onload?.();
    });
  }

  /** The multipart fields sent, in order, files by their names. */
  fields(): [string, string][] {
    return [...(this.body as FormData).entries()].map(([k, v]) => [k, typeof v === 'string' ? v : v.name]);
  }
}

/** Puts the fake in place of XMLHttpRequest for one test. */
export function stubXhr(answer: (request: FakeXhr) => FakeAnswer | Promise<FakeAnswer>) {
  FakeXhr.requests = [];
  FakeXhr.answer = answer;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return FakeXhr.requests;
}
