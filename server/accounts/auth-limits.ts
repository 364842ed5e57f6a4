/** The sign-in and sign-up throttles' defaults (docs/security.md's "Limits" table states them). */

/** Failed sign-ins allowed per e-mail, and per client address, within the window. */
export const DEFAULT_SIGN_IN_THROTTLE = { perEmail: 5, perClient: 50 };
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

/** Sign-up attempts allowed per client address within the window (`MARQUEE_SIGN_UPS_PER_HOUR`). */
export const DEFAULT_SIGN_UPS_PER_CLIENT = 20;
export const SIGN_UP_WINDOW_MS = 60 * 60 * 1000;

/** "Forgot password?" requests allowed per client address, and links sent per e-mail, within the window. */
export const DEFAULT_RESETS_PER_CLIENT = 20;
export const DEFAULT_RESETS_PER_EMAIL = 3;
export const RESET_WINDOW_MS = 60 * 60 * 1000;
