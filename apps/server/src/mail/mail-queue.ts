import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../db/database';
import type { Mail, Mailer } from './mailer';

const BATCH = 20;
// A refused or unreachable SMTP server is tried again later, less often each time, for about a day.
const RETRY_MINUTES = [1, 5, 15, 60, 180, 720];

/** Queues a mail inside the caller's transaction: it is sent only if that work commits. */
export async function enqueueMail(tx: Queryable, mail: Mail): Promise<void> {
  const a = mail.attachment;
  await tx.query(
    `INSERT INTO mail_queue (to_address, subject, body, attachment_name, attachment_type, attachment)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [mail.to, mail.subject, mail.text, a?.filename ?? null, a?.contentType ?? null, a?.content ?? null],
  );
}

type QueuedMail = {
  id: string;
  to_address: string;
  subject: string;
  body: string;
  attempts: number;
  attachment_name: string | null;
  attachment_type: string | null;
  attachment: Uint8Array | null;
};
const mailOf = (m: QueuedMail): Mail => ({
  to: m.to_address,
  subject: m.subject,
  text: m.body,
  attachment:
    m.attachment && m.attachment_name
      ? {
          filename: m.attachment_name,
          contentType: m.attachment_type ?? 'application/octet-stream',
          content: Buffer.from(m.attachment),
        }
      : undefined,
});

/**
 * Sends the queued mails that are due, a batch at a time, and answers how many it took. A sent mail is
 * deleted in the transaction that claimed it; a crash between the send and the commit sends it again
 * (at least once), which beats losing an alert. Failures wait longer each time and are dropped, logged,
 * after the last retry.
 */
export async function sendQueuedMail(db: Database, mailer: Mailer, log: FastifyBaseLogger): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx.query<QueuedMail>(
      `SELECT id, to_address, subject, body, attempts, attachment_name, attachment_type, attachment FROM mail_queue WHERE next_attempt <= now()
       ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`,
    );
    for (const m of due) {
      try {
        await mailer.send(mailOf(m));
        await tx.query('DELETE FROM mail_queue WHERE id = $1', [m.id]);
      } catch (err) {
        const wait = RETRY_MINUTES[m.attempts];
        if (wait === undefined) {
          log.error({ err, to: m.to_address, subject: m.subject }, 'giving up on a mail after its last retry');
          await tx.query('DELETE FROM mail_queue WHERE id = $1', [m.id]);
        } else {
          log.warn({ err, to: m.to_address, retryInMinutes: wait }, 'sending a mail failed; it will be tried again');
          await tx.query(
            `UPDATE mail_queue SET attempts = attempts + 1, next_attempt = now() + make_interval(mins => $2) WHERE id = $1`,
            [m.id, wait],
          );
        }
      }
    }
    return due.length;
  });
}
