import { createHash } from 'node:crypto';

/** Long enough for a pod or broker to resend after a lost PUBACK; the same id may be reused later. */
const KEEP_MS = 10 * 60_000;
/** Messages remembered at most: between this and twice this many (two generations). */
const GENERATION = 50_000;

type Entry = { digest: string; at: Date; until: number };

/**
 * A reading without `created` is stamped with its arrival time, so a resent message would store its
 * readings again at a new time. MQTT marks a resend: the same message id with the DUP flag. This
 * remembers, per sender and message id, the arrival time of each stored message that had such a reading,
 * and gives a resend of the same payload that time again, so its readings are duplicates of the first.
 * A message whose readings all carry `created` is not remembered: its resend stores the same readings
 * again, which are duplicates already. Memory only: a server killed between the commit and the PUBACK
 * forgets, and the resend is stored again (README).
 *
 * Performance (docs/performance.md#a-pod-once-a-claim): two generations of maps, the older dropped whole
 * when the newer is full. Evicting the oldest entry of one Map one at a time walked past every entry
 * deleted before it, and took a fifth of the server's CPU under bench/soak.
 */
export class RedeliveryTimes {
  private current = new Map<string, Entry>();
  private previous = new Map<string, Entry>();

  /** The arrival time to stamp on readings without `created`. */
  arrival(sender: string, messageId: number | undefined, dup: boolean, payload: Buffer, now = new Date()): Date {
    if (!dup || messageId === undefined) return now;
    const key = `${sender}\n${messageId}`;
    const entry = this.current.get(key) ?? this.previous.get(key);
    return entry && entry.until > now.getTime() && entry.digest === digest(payload) ? entry.at : now;
  }

  /** After the message's readings (as sent) are committed. */
  stored(sender: string, messageId: number | undefined, payload: Buffer, readings: readonly unknown[], at: Date) {
    if (messageId === undefined || !readings.some(takesArrivalTime)) return;
    if (this.current.size >= GENERATION) {
      this.previous = this.current;
      this.current = new Map();
    }
    this.current.set(`${sender}\n${messageId}`, { digest: digest(payload), at, until: Date.now() + KEEP_MS });
  }
}

const takesArrivalTime = (reading: unknown) =>
  typeof reading === 'object' && reading !== null && (reading as { created?: unknown }).created === undefined;

const digest = (payload: Buffer) => createHash('sha256').update(payload).digest('base64');
