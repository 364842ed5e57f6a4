import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';

import { randomString } from '../../shared/text/random-string.ts';

/** One e-mail: plain text, with a simple HTML alternative. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the message is about (a reset link): printed to the log when it goes to the outbox. */
  link?: string;
}

export interface Mailer {
  /** Sends the message (SMTP), or writes it to the outbox; resolves once it has gone. */
  send(message: MailMessage): Promise<void>;
  /** Where messages go: 'outbox' (the data folder) or 'smtp'. */
  readonly mode: 'outbox' | 'smtp';
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: Mailer;
  }
}

export interface MailOptions {
  dataDir: string;
  /** `SMTP_URL`: smtp(s)://user:pass@host:port; unset, messages go to `<dataDir>/outbox/`. */
  smtpUrl?: string;
  /** The From header (`MAIL_FROM`). */
  from?: string;
}

export const DEFAULT_MAIL_FROM = 'Marquee <no-reply@marquee.invalid>';

/** The folder the embedded default writes each message to, as an `.eml` file. */
export const outboxDir = (dataDir: string) => join(dataDir, 'outbox');

const FILE_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * E-mail (docs/account.md): nodemailer builds every message. With `SMTP_URL` it sends them over
 * SMTP; without, it writes each as an `.eml` file in the data folder's outbox (any mail client
 * opens one) and prints its link to the log, so a server with no mail set up still lets its
 * operator pass a reset link on.
 */
export default fp<MailOptions>(
  async (app, options) => {
    const from = options.from ?? DEFAULT_MAIL_FROM;
    let mailer: Mailer;
    if (options.smtpUrl) {
      const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
      app.addHook('onClose', async () => transport.close());
      mailer = {
        mode: 'smtp',
        async send({ to, subject, text, html }) {
          await transport.sendMail({ from, to, subject, text, html });
        },
      };
    } else {
      const outbox = outboxDir(options.dataDir);
      const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
      mailer = {
        mode: 'outbox',
        async send({ to, subject, text, html, link }) {
          const info = await transport.sendMail({ from, to, subject, text, html });
          await mkdir(outbox, { recursive: true });
          // Sortable by time; the random part keeps two messages of one millisecond apart.
          const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomString(FILE_ALPHABET, 8)}.eml`;
          const file = join(outbox, name);
          // Written aside, then renamed: whoever reads the outbox never sees half a message.
          await writeFile(`${file}.part`, info.message as Buffer, { mode: 0o600 });
          await rename(`${file}.part`, file);
          // Warn, the default log level: with no mail server this line is how the link gets out.
          app.log.warn({ file, ...(link && { link }) }, `E-mail "${subject}" written to the outbox (no SMTP_URL set)`);
        },
      };
    }
    app.decorate('mail', mailer);
  },
  { name: 'mail' },
);
