import { describe, expect, it, vi } from 'vitest';
import { stubXhr } from '../test/fake-xhr';
import { mockFetch } from '../test/render';
import { ApiError, apiFile, apiList, apiRequest, apiUpload, setUnauthorizedHandler } from './api-client';
import { saveSession } from './session';

const user = {
  id: 1,
  roleId: 1,
  assetId: null,
  firstName: 'A',
  lastName: 'B',
  email: 'a@b.c',
  active: true,
  verified: true,
};

describe('api client', () => {
  it('sends the bearer token and Accept header, and encodes list params as JSON', async () => {
    saveSession('tok', user);
    const calls = mockFetch(() => ({ body: { success: true, data: [], paging: { skip: 0, limit: 10, total: 0 } } }));
    await apiList('group', { paging: 10, offset: 2 });
    const [url, init] = calls.mock.calls[0] ?? [];
    const parsed = new URL(String(url), 'http://localhost');
    expect(parsed.pathname).toBe('/api/group');
    expect(JSON.parse(parsed.searchParams.get('dataTableParams') ?? '')).toEqual({ paging: 10, offset: 2 });
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer tok', Accept: 'application/json' });
  });

  it('on a 401 clears the session and calls the handler', async () => {
    saveSession('tok', user);
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    mockFetch(() => ({ status: 401, body: { success: false, error: 'Expired' } }));
    await expect(apiRequest('/user/me')).rejects.toThrow('Expired');
    expect(localStorage.getItem('greenpod_token')).toBeNull();
    expect(localStorage.getItem('greenpod_activeUser')).toBeNull();
    expect(handler).toHaveBeenCalledOnce();
  });

  it('fetches a file with the token, and a 401 on it ends the session as any call does', async () => {
    saveSession('tok', user);
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    const calls = mockFetch(() => ({ body: { success: true } }));
    const file = await apiFile('/report', { locationId: 1, format: 'csv' });
    expect(String(calls.mock.calls[0]?.[0])).toBe('/api/report?locationId=1&format=csv');
    expect(calls.mock.calls[0]?.[1]?.headers).toMatchObject({ Authorization: 'Bearer tok' });
    expect(await file.blob.text()).toBe('{"success":true}');
    mockFetch(() => ({ status: 401, body: { success: false, error: 'Expired' } }));
    await expect(apiFile('/report', { locationId: 1, format: 'pdf' })).rejects.toThrow('Expired');
    expect(localStorage.getItem('greenpod_token')).toBeNull();
    expect(handler).toHaveBeenCalledOnce();
  });

  it('carries validation errors and defaults the message', async () => {
    mockFetch(() => ({ status: 400, body: { success: false, validationErrors: { title: ['Too long'] } } }));
    const failure = await apiRequest('/group', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 400,
      message: 'An error occurred',
      validationErrors: { title: ['Too long'] },
    });
  });

  it('leaves the session alone when sign-in itself answers 401', async () => {
    saveSession('tok', user);
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    mockFetch(() => ({ status: 401, body: { success: false, error: 'Invalid e-mail or password' } }));
    await expect(apiRequest('/user/login', { method: 'POST', body: {}, ignoreUnauthorized: true })).rejects.toThrow(
      'Invalid e-mail or password',
    );
    expect(localStorage.getItem('greenpod_token')).toBe('tok');
    expect(handler).not.toHaveBeenCalled();
  });

  it('sends Content-Type only with a body, whatever the method (Fastify refuses an empty JSON body)', async () => {
    const calls = mockFetch(() => ({ body: { success: true } }));
    for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) await apiRequest('/x', { method });
    await apiRequest('/x', { method: 'POST', body: { a: 1 } });
    const headers = calls.mock.calls.map(([, init]) => init?.headers as Record<string, string>);
    expect(headers.slice(0, 4).every((h) => !('Content-Type' in h))).toBe(true);
    expect(headers[4]).toMatchObject({ 'Content-Type': 'application/json' });
    expect(calls.mock.calls.slice(0, 4).every(([, init]) => init?.body === undefined)).toBe(true);
  });

  it('uploads multipart with the token, reports progress, and keeps the error shape and the 401 rule', async () => {
    saveSession('tok', user);
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    const requests = stubXhr(() => ({ status: 201, body: { success: true, data: [{ id: 7 }] } }));
    const body = new FormData();
    body.append('title', 'Logo');
    const progress: number[] = [];
    const answer = await apiUpload<{ data: { id: number }[] }>('/asset', body, { onProgress: (f) => progress.push(f) });
    expect(answer.data).toEqual([{ id: 7 }]);
    expect(progress).toEqual([0.5, 1]);
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/asset' });
    expect(requests[0]?.headers).toEqual({ Authorization: 'Bearer tok', Accept: 'application/json' });
    // The browser writes the multipart boundary itself: a Content-Type of ours would lose it.
    expect(requests[0]?.body).toBe(body);

    stubXhr(() => ({ status: 400, body: { success: false, error: 'Bad', validationErrors: { title: ['Too long'] } } }));
    await expect(apiUpload('/asset', body)).rejects.toMatchObject({
      status: 400,
      message: 'Bad',
      validationErrors: { title: ['Too long'] },
    });
    stubXhr(() => ({ status: 413, body: '<html>Request Entity Too Large</html>' }));
    await expect(apiUpload('/asset', body)).rejects.toMatchObject({ status: 413, message: 'An error occurred' });
    expect(handler).not.toHaveBeenCalled();

    stubXhr(() => ({ status: 401, body: { success: false, error: 'Expired' } }));
    await expect(apiUpload('/asset', body)).rejects.toThrow('Expired');
    expect(localStorage.getItem('greenpod_token')).toBeNull();
    expect(handler).toHaveBeenCalledOnce();
  });
});
