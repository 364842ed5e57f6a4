/** Where the studio lives, and its limits: what client and server both need, without a schema library. */

/** Where the studio's API lives. */
export const STUDIO_API = '/api/studio';
/** Where tus uploads are sent (the tus protocol's creation URL). */
export const STUDIO_UPLOADS_PATH = `${STUDIO_API}/uploads`;
/** Where the studio's pages live. */
export const STUDIO_PATH = '/studio';

/** Is this address one of the studio's pages (which only operators are shown)? */
export const isStudioAddress = (path: string): boolean => path === STUDIO_PATH || path.startsWith(`${STUDIO_PATH}/`);

/** The largest upload (bytes): a feature film in good quality. */
export const MAX_UPLOAD_BYTES = 64 * 2 ** 30;
