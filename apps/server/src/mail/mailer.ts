import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}
export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** At most one (the monthly report's PDF): the queue keeps it with the mail until it is sent. */
  attachment?: MailAttachment | undefined;
}

const nodemailerMail = ({ attachment, ...mail }: Mail) => ({ ...mail, attachments: attachment ? [attachment] : [] });
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise each mail is an .eml file in the outbox, its path logged. */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...nodemailerMail(mail) });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, ...nodemailerMail(mail) });
      // A mail may hold a live reset link: the outbox is the service user's alone (as all of DATA_DIR).
      mkdirSync(opts.outboxDir, { recursive: true, mode: 0o700 });
      const file = join(
        opts.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`,
      );
      writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      opts.log.info({ file, to: mail.to }, 'mail written to the outbox');
    },
  };
}
