import { createHash, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config';
import { HttpError, unauthorized } from '../http/errors';

/**
 * Who may read GET /metrics (README.md#monitoring). Off by default. With METRICS_TOKEN, whoever sends it
 * as a bearer token (Prometheus' `authorization` scrape setting), from anywhere. With METRICS=1 alone,
 * only a scraper on this machine: a loopback peer whose request no proxy passed on, since a reverse
 * proxy on the same machine would otherwise make every outside caller look local.
 */
export type MetricsAccess = { mode: 'off' } | { mode: 'local' } | { mode: 'token'; digest: Buffer };

export function metricsAccess(config: Pick<Config, 'METRICS' | 'METRICS_TOKEN'>): MetricsAccess {
  if (config.METRICS_TOKEN) return { mode: 'token', digest: sha256(config.METRICS_TOKEN) };
  return config.METRICS ? { mode: 'local' } : { mode: 'off' };
}

// Headers a proxy adds when it passes a request on (RFC 7239 and the two common older ones).
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/** Throws the 401 or 403 a caller gets; returns when it may read the metrics. */
export function checkMetricsCaller(
  access: Exclude<MetricsAccess, { mode: 'off' }>,
  request: { ip: string; headers: Record<string, string | string[] | undefined> },
): void {
  if (access.mode === 'token') {
    const given = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization?.toString() ?? '')?.[1];
    // Digests of equal length, compared in constant time: the answer's timing says nothing of the token.
    if (!given || !timingSafeEqual(sha256(given), access.digest)) throw unauthorized('A valid metrics token is needed');
    return;
  }
  const proxied = FORWARDING_HEADERS.some((h) => request.headers[h] !== undefined);
  if (proxied || !isLoopback(request.ip))
    throw new HttpError(403, 'Metrics are served to this machine only; scraping from elsewhere needs METRICS_TOKEN');
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 addresses (a dual-stack socket reports those). */
export const isLoopback = (ip: string) => ip === '::1' || /^(::ffff:)?127\.\d+\.\d+\.\d+$/i.test(ip);

const sha256 = (s: string) => createHash('sha256').update(s).digest();
