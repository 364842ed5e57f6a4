import type { MailMessage } from '../mail/mail-plugin.ts';

/** The account e-mails' texts: plain text first, and the same words as simple HTML. */

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function message(
  to: string,
  subject: string,
  paragraphs: string[],
  link?: { href: string; label: string },
): MailMessage {
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.href}`] : [])].join('\n\n') + '\n';
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`);
  if (link) body.splice(1, 0, `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`);
  const html = `<!doctype html><html><body style="font-family:sans-serif">${body.join('')}</body></html>`;
  return { to, subject, text, html, ...(link && { link: link.href }) };
}

export const resetPasswordMail = (to: string, link: string) =>
  message(
    to,
    'Reset your Marquee password',
    [
      'Someone asked to reset the password of the Marquee account for this email address. To choose a new password, open the link below. It works once, for one hour.',
      'Setting a new password signs the account out on every device.',
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ],
    { href: link, label: 'Reset your password' },
  );

export const passwordChangedMail = (to: string) =>
  message(to, 'Your Marquee password was changed', [
    'The password of your Marquee account was just changed, and every other device was signed out.',
    'If this was not you, use "Forgot password?" on the sign-in page to choose a new one at once.',
  ]);

export const emailChangedMail = (to: string, newEmail: string) =>
  message(to, 'Your Marquee email address was changed', [
    `The email address of your Marquee account was changed to ${newEmail}. Sign in with that address from now on.`,
    'If this was not you, tell whoever runs this Marquee service at once.',
  ]);
