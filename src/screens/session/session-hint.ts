/**
 * Whether the embedded server saw a live session cookie when it sent this page (it adds
 * `<meta name="marquee-session">`, server/web/index-page.ts). The cookie is HttpOnly, so this
 * is the only way the page can know, before the session check answers, that the visitor is
 * signed in: until then it shows nothing rather than a flash of the landing page. Read once.
 */
export const serverSawSession: boolean =
  typeof document !== 'undefined' && document.querySelector('meta[name="marquee-session"]') !== null;
