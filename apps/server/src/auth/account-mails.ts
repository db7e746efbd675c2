import type { FastifyInstance } from 'fastify';
import { findUserBy } from './account-queries';

/** The address links in mails start from: PUBLIC_URL, or this server on localhost. */
export const publicBase = (app: FastifyInstance) =>
  (app.config.PUBLIC_URL ?? `http://localhost:${app.config.PORT}`).replace(/\/$/, '');

/**
 * Registration answers the same whether or not the address has an account; its owner hears of the
 * attempt instead, with the two ways back in. Looked up and sent after the answer, so neither the
 * lookup nor an SMTP round trip can time the difference; a failure is logged, never shown to the
 * person registering.
 */
export function mailRegistrationAttempt(app: FastifyInstance, email: string) {
  const base = publicBase(app);
  findUserBy(app.db, 'email', email)
    .then((owner) => {
      if (!owner) return;
      return app.mailer.send({
        to: owner.email,
        subject: 'Someone tried to register with your Greenpod address',
        text: `Hello ${owner.firstName},\n\nSomeone tried to register a new Greenpod account with this e-mail address. It already has an account, so nothing was changed.\n\nIf it was you, sign in at ${base}/user/login, or choose a new password at ${base}/user/requestResetPassword.\n\nIf it was not you, you can ignore this e-mail.\n`,
      });
    })
    .catch((err: unknown) =>
      app.log.error({ err }, 'could not mail the owner of an address about a registration attempt'),
    );
}
