import { isIP } from 'node:net';
import { z } from 'zod';

// The names proxy-addr (Fastify's trustProxy) knows for the private and loopback ranges.
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}

/**
 * TRUST_PROXY, as Fastify's trustProxy takes it: `false` (the default: the peer is the client),
 * `true` (believe every X-Forwarded-For hop), or the proxies' addresses and ranges, comma-separated.
 * Only a trusted proxy's X-Forwarded-For sets request.ip, which the rate limits key on. No hop count:
 * Fastify ignores one (it cannot tell whether the peer is a proxy), so it would silently trust nothing.
 */
export const trustProxySchema = z
  .string()
  .transform((raw, ctx): boolean | string[] => {
    const value = raw.trim();
    if (value === 'true' || value === 'false') return value === 'true';
    const list = value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (list.length > 0 && list.every(isAddressOrRange)) return list;
    ctx.addIssue({
      code: 'custom',
      message: "must be true, false, or the proxies' addresses and ranges, such as 10.0.0.0/8,127.0.0.1",
    });
    return z.NEVER;
  })
  .default(false);
