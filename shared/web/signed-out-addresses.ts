/**
 * The addresses a signed-out visitor follows from the landing document into the app (docs/decisions.md,
 * "Landing document"): the landing page at "/" is a page of its own without the app's script, so its
 * Sign In link and Get Started form are real navigations. The app opens the form they name and shows it
 * at "/" (docs/spec.md §2); the server sends these addresses the app's page, never the landing document.
 */
export const SIGN_IN_ADDRESS = '/sign-in';
/** Get Started's form goes here with the typed e-mail in the query (`?email=`). */
export const SIGN_UP_ADDRESS = '/sign-up';
export const SIGN_UP_EMAIL_PARAM = 'email';
/** A password reset link's page (signed in or out); the link's single-use code is in `?code=`. */
export const RESET_PASSWORD_ADDRESS = '/reset-password';
export const RESET_CODE_PARAM = 'code';
/** "Forgot password?" at an address of its own (a reset page's "Ask for a new link" goes there). */
export const FORGOT_PASSWORD_ADDRESS = '/forgot-password';
