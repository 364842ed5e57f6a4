import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { RESET_CODE_PARAM, RESET_PASSWORD_ADDRESS } from '../../../shared/web/signed-out-addresses.ts';

/** The .eml files of a data folder's outbox (server/mail/mail-plugin.ts), oldest first, as raw text. */
export function readOutbox(dataDir: string): string[] {
  const folder = join(dataDir, 'outbox');
  try {
    return readdirSync(folder)
      .filter((file) => file.endsWith('.eml'))
      .sort()
      .map((file) => readFileSync(join(folder, file), 'utf8'));
  } catch {
    return [];
  }
}

/** A message's body undone from quoted-printable (soft line breaks, =XX escapes), as nodemailer writes long lines. */
export const decodeQuotedPrintable = (text: string): string =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The reset link in a message, or null. */
export function resetLinkIn(message: string): URL | null {
  const pattern = new RegExp(`https?://[^\\s"<>]+${RESET_PASSWORD_ADDRESS}\\?${RESET_CODE_PARAM}=[\\w-]+`);
  const found = pattern.exec(decodeQuotedPrintable(message));
  return found ? new URL(found[0]) : null;
}
