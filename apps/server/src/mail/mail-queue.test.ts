import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { openTestDatabase } from '../test/test-database';
import { enqueueMail, sendQueuedMail } from './mail-queue';
import type { Mail } from './mailer';

const quiet = { info() {}, warn() {}, error() {} } as unknown as Parameters<typeof sendQueuedMail>[2];
let db: Database & { drop(): Promise<void> };

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db?.drop());

describe('the mail queue', () => {
  it('keeps a mail’s attachment, byte for byte, until it is sent', async () => {
    // Every byte value, so an encoding that mangles bytea (text, UTF-8) cannot pass.
    const content = Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256));
    await db.transaction((tx) =>
      enqueueMail(tx, {
        to: 'owner@example.com',
        subject: 'Report',
        text: 'Attached',
        attachment: { filename: 'report.pdf', contentType: 'application/pdf', content },
      }),
    );
    await db.transaction((tx) => enqueueMail(tx, { to: 'plain@example.com', subject: 'Plain', text: 'No file' }));
    const sent: Mail[] = [];
    expect(await sendQueuedMail(db, { send: async (m) => void sent.push(m) }, quiet)).toBe(2);
    const withFile = sent.find((m) => m.to === 'owner@example.com');
    expect(withFile?.attachment?.filename).toBe('report.pdf');
    expect(withFile?.attachment?.contentType).toBe('application/pdf');
    expect(Buffer.compare(withFile?.attachment?.content ?? Buffer.alloc(0), content)).toBe(0);
    expect(sent.find((m) => m.to === 'plain@example.com')?.attachment).toBeUndefined();
    expect(await db.query('SELECT id FROM mail_queue')).toEqual([]);
  });
});
