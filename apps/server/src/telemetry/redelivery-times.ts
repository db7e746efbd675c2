import { createHash } from 'node:crypto';

/** Long enough for a pod or broker to resend after a lost PUBACK; the same id may be reused later. */
const KEEP_MS = 10 * 60_000;
const MAX_ENTRIES = 100_000;

/**
 * A reading without `created` is stamped with its arrival time, so a resent message would store its
 * readings again at a new time. MQTT marks a resend: the same message id with the DUP flag. This
 * remembers, per sender and message id, the arrival time of each stored message, and gives a resend of
 * the same payload that time again, so its readings are duplicates of the first. Memory only: a
 * server killed between the commit and the PUBACK forgets, and the resend is stored again (README).
 */
export class RedeliveryTimes {
  private readonly seen = new Map<string, { digest: string; at: Date; until: number }>();

  /** The arrival time to stamp on readings without `created`. */
  arrival(sender: string, messageId: number | undefined, dup: boolean, payload: Buffer, now = new Date()): Date {
    if (!dup || messageId === undefined) return now;
    const entry = this.seen.get(`${sender}\n${messageId}`);
    return entry && entry.until > now.getTime() && entry.digest === digest(payload) ? entry.at : now;
  }

  /** After the message's readings are committed. */
  stored(sender: string, messageId: number | undefined, payload: Buffer, at: Date) {
    if (messageId === undefined) return;
    const key = `${sender}\n${messageId}`;
    this.seen.delete(key); // re-inserted last, so the oldest are first to go
    this.seen.set(key, { digest: digest(payload), at, until: Date.now() + KEEP_MS });
    if (this.seen.size > MAX_ENTRIES) this.seen.delete(this.seen.keys().next().value as string);
  }
}

const digest = (payload: Buffer) => createHash('sha256').update(payload).digest('base64');
