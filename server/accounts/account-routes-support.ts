import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { MailMessage } from '../mail/mail-plugin.ts';
import type { SessionOrigin } from './accounts-repository.ts';

/** Where a request's session is started from, for the devices page. */
export const sessionOrigin = (request: FastifyRequest): SessionOrigin => ({
  userAgent: request.headers['user-agent'] ?? '',
  address: request.ip,
});

/**
 * Sends an account e-mail after the answer, never delaying it: how long a send takes must not
 * tell a caller whether the address has an account. A failure is logged (the message is lost;
 * the person can ask again).
 */
export function mailLater(app: FastifyInstance, message: MailMessage): void {
  setImmediate(() => {
    app.mail
      .send(message)
      .catch((error: unknown) => app.log.error({ err: error }, 'An account e-mail could not be sent'));
  });
}
