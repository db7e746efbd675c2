import { type DataTableParams, MESSAGES, type Paging } from '@greenpod/contracts';
import { clearSession, getToken } from './session';

/** A failed call, carrying what the server said (docs/api.md#errors). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly validationErrors: Record<string, string[]> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const LOGIN_PATH = '/user/login';

// The router lives in app/, which lib/ must not import; app/ registers how to navigate instead.
let onUnauthorized: () => void = () => {
  if (window.location.pathname !== LOGIN_PATH) window.location.assign(LOGIN_PATH);
};
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

type Query = Record<string, string | number | undefined>;
export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  /**
   * Sign-in answers 401 for a wrong password: that is the form's error to show, not an expired
   * session, so the 401 rule must not fire for it.
   */
  ignoreUnauthorized?: boolean;
}

function buildUrl(path: string, query?: Query): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.set(key, String(value));
  }
  const qs = search.toString();
  return `/api${path}${qs ? `?${qs}` : ''}`;
}

interface Envelope {
  success?: boolean;
  error?: string;
  validationErrors?: Record<string, string[]>;
}

function authorization(headers: Record<string, string>): Record<string, string> {
  const token = getToken();
  return token ? { ...headers, Authorization: `Bearer ${token}` } : headers;
}

// docs/screens.md#sign-in: any 401 ends the session, wherever it came from.
function sessionEnded(): void {
  clearSession();
  onUnauthorized();
}

/** The one way the web talks to the API: token, JSON, error shape and the 401 rule. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers = authorization({ Accept: 'application/json' });
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  const response = await fetch(buildUrl(path, options.query), {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  const payload = (await response.json().catch(() => ({}))) as Envelope;

  if (response.status === 401 && !options.ignoreUnauthorized) sessionEnded();
  if (!response.ok || payload.success === false) {
    throw new ApiError(response.status, payload.error || MESSAGES.genericError, payload.validationErrors ?? {});
  }
  return payload as T;
}

/**
 * A file the API makes (a report's CSV or PDF), which a plain link could not fetch (it carries no token): the same
 * token, error shape and 401 rule as apiRequest, the body as a Blob with its Content-Disposition.
 */
export async function apiFile(path: string, query?: Query): Promise<{ blob: Blob; disposition: string | null }> {
  const response = await fetch(buildUrl(path, query), { headers: authorization({}) });
  if (response.status === 401) sessionEnded();
  if (!response.ok) {
    const payload = (await response.json().catch(() => ({}))) as Envelope;
    throw new ApiError(response.status, payload.error || MESSAGES.genericError, payload.validationErrors ?? {});
  }
  return { blob: await response.blob(), disposition: response.headers.get('Content-Disposition') };
}

/**
 * A multipart POST (an upload) that reports how much of its body has been sent: XMLHttpRequest, since fetch
 * cannot tell upload progress. The same token, error shape and 401 rule as apiRequest.
 */
export function apiUpload<T>(
  path: string,
  body: FormData,
  { onProgress, signal }: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path));
    for (const [name, value] of Object.entries(authorization({ Accept: 'application/json' }))) {
      xhr.setRequestHeader(name, value);
    }
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const payload = parseEnvelope(xhr.responseText);
      if (xhr.status === 401) sessionEnded();
      if (xhr.status < 200 || xhr.status >= 300 || payload.success === false) {
        reject(new ApiError(xhr.status, payload.error || MESSAGES.genericError, payload.validationErrors ?? {}));
      } else resolve(payload as T);
    };
    // No answer at all (the network or the server went away): the same failure fetch would throw.
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

function parseEnvelope(text: string): Envelope {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Envelope) : {};
  } catch {
    return {};
  }
}

export interface ListResult<T> {
  data: T[];
  paging: Paging;
}

/** GET /api/<name>?dataTableParams=<json> (docs/api.md#lists). */
export function apiList<T>(name: string, params: DataTableParams, signal?: AbortSignal): Promise<ListResult<T>> {
  return apiRequest<ListResult<T>>(`/${name}`, { query: { dataTableParams: JSON.stringify(params) }, signal });
}
