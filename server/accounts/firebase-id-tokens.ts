import {
  createRemoteJWKSet,
  decodeProtectedHeader,
  errors,
  type JWTPayload,
  jwtVerify,
  type JWTVerifyOptions,
  UnsecuredJWT,
} from 'jose';

/** Google's public keys for Firebase ID tokens, as a JWKS (Firebase: "Verify ID tokens using a third-party JWT library"). */
export const SECURETOKEN_JWKS_URL =
  'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com';

/** Firebase Auth as the media host trusts it (MARQUEE_FIREBASE_PROJECT_ID, FIREBASE_AUTH_EMULATOR_HOST). */
export interface FirebaseAuthOptions {
  projectId: string;
  /**
   * The Auth emulator is in use: its ID tokens are unsigned (`alg: none`), and are accepted only
   * then, as firebase-admin does. Never set in production.
   */
  emulator?: boolean;
  /** Where the signing keys are read; Google's by default (tests serve their own on loopback). */
  jwksUrl?: string;
  now?: () => number;
}

/** A Firebase user, as a verified ID token names them. */
export interface FirebaseUser {
  uid: string;
  /** The Stripe extension's custom claim: the plan's `firebaseRole` while a subscription is active. */
  stripeRole: string | null;
}

/** What checking a token found: the user, or why there is none. */
export type TokenCheck = { ok: true; user: FirebaseUser } | { ok: false; reason: 'invalid' | 'unavailable' };

/** Clock skew allowed between Google's clock and this server's, in seconds. */
const SKEW_SECONDS = 5;

/** A Firebase uid: a non-empty string of at most 128 characters (firebase-admin's rule). */
const isUid = (sub: unknown): sub is string => typeof sub === 'string' && sub.length > 0 && sub.length <= 128;

/**
 * A checker of Firebase ID tokens, as Firebase documents for a third-party JWT library: RS256
 * signed by one of Google's securetoken keys (by `kid`), issued by securetoken.google.com for the
 * project, for the project, not expired, issued and authenticated in the past, with a uid. The
 * keys are fetched once and kept (jose refetches them when an unknown `kid` arrives, at most every
 * 30 s, and after 10 minutes).
 */
export function firebaseIdTokens(options: FirebaseAuthOptions): (token: string) => Promise<TokenCheck> {
  const now = options.now ?? Date.now;
  const keys = createRemoteJWKSet(new URL(options.jwksUrl ?? SECURETOKEN_JWKS_URL), { timeoutDuration: 5_000 });
  const expected = (): JWTVerifyOptions => ({
    issuer: `https://securetoken.google.com/${options.projectId}`,
    audience: options.projectId,
    currentDate: new Date(now()),
    // Firebase's ID tokens last an hour; `maxTokenAge` also makes jose refuse an `iat` in the future.
    maxTokenAge: '1h',
    clockTolerance: SKEW_SECONDS,
    requiredClaims: ['exp', 'iat', 'auth_time', 'sub'],
  });

  const verify = async (token: string): Promise<JWTPayload> => {
    if (options.emulator && decodeProtectedHeader(token).alg === 'none') {
      return UnsecuredJWT.decode(token, expected()).payload;
    }
    return (await jwtVerify(token, keys, { ...expected(), algorithms: ['RS256'] })).payload;
  };

  return async (token) => {
    let payload: JWTPayload;
    try {
      payload = await verify(token);
    } catch (error) {
      return { ok: false, reason: keysUnreadable(error) ? 'unavailable' : 'invalid' };
    }
    const authTime = payload.auth_time;
    if (typeof authTime !== 'number' || authTime * 1000 > now() + SKEW_SECONDS * 1000 || !isUid(payload.sub)) {
      return { ok: false, reason: 'invalid' };
    }
    const role = payload.stripeRole;
    return { ok: true, user: { uid: payload.sub, stripeRole: typeof role === 'string' && role !== '' ? role : null } };
  };
}

/**
 * Whether Google's keys could not be read (not a verdict on the token): jose's timeout, its plain
 * JOSEError for an answer that was not 200 with JSON, or fetch's own TypeError. Every verdict on
 * a token is one of jose's more specific errors.
 */
function keysUnreadable(error: unknown): boolean {
  if (error instanceof errors.JWKSTimeout) return true;
  if (error instanceof errors.JOSEError) return error.code === 'ERR_JOSE_GENERIC';
  return error instanceof TypeError && error.message === 'fetch failed';
}
