import type { Pool } from 'undici';

import { SESSION_COOKIE } from '../../server/accounts/session-plugin.ts';
import { payOnTestCheckout } from '../../tests/e2e/support/test-checkout.ts';

const STANDARD_PRICE = 'price_1MqStandardMonthlyGbp';

export interface MemberGrant {
  /** The grant's folder, `/media/grants/{token}`, under which the programme's files are served. */
  base: string;
  /** The member's session cookie's value, for a browser signed in as them. */
  session: string;
  /** Stops renewing the lease and gives it back. */
  end: () => Promise<void>;
}

/** Calls the API as a browser of `origin` would, keeping the session cookie it is given. */
function apiCaller(pool: Pool, origin: string, cookie = '') {
  /** The answer's status and JSON body, whatever the status. */
  const send = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) => {
    const answer = await pool.request({
      method,
      path,
      headers: {
        origin,
        ...(cookie ? { cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = answer.headers['set-cookie'];
    const session = (Array.isArray(setCookie) ? setCookie : [setCookie ?? ''])
      .map((line) => new RegExp(`^${SESSION_COOKIE}=([^;]+)`).exec(line)?.[1])
      .find(Boolean);
    if (session) cookie = `${SESSION_COOKIE}=${session}`;
    const text = await answer.body.text();
    return { status: answer.statusCode, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  };
  /** The answer's JSON body; throws on a status of 300 or more. */
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) => {
    const answer = await send(method, path, body);
    if (answer.status >= 300)
      throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  return { send, call, cookie: () => cookie };
}

/** Pays the Standard plan for the account `send` is signed in as, on the test-mode checkout with the test card. */
const payStandard = (send: ReturnType<typeof apiCaller>['send'], origin: string, uid: string) =>
  payOnTestCheckout(send, origin, uid, STANDARD_PRICE);

/** Makes a signed-in account (its session cookie's value) a member: the Standard plan, paid through the real API. */
export async function subscribe(pool: Pool, origin: string, session: string, uid: string): Promise<void> {
  await payStandard(apiCaller(pool, origin, `${SESSION_COOKIE}=${session}`).send, origin, uid);
}

/** Gives back every screen (lease) the signed-in account holds, as "Stop playing" does. */
export async function freeScreens(pool: Pool, origin: string, session: string): Promise<void> {
  const { call } = apiCaller(pool, origin, `${SESSION_COOKIE}=${session}`);
  const { screens } = (await call('GET', '/api/playback/screens')) as { screens: Array<{ id: string }> };
  for (const screen of screens) await call('DELETE', `/api/playback/leases/${encodeURIComponent(screen.id)}`);
}

/**
 * A member playing a film, through the real API: signs up, pays the Standard plan on the
 * test-mode checkout with the test card, asks for a playback grant, and renews its lease while the
 * bench runs, as the player does (docs/playback.md).
 */
export async function memberGrant(pool: Pool, origin: string, filmId: number): Promise<MemberGrant> {
  const { send, call, cookie } = apiCaller(pool, origin);
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const { user } = (await call('POST', '/api/auth/sign-up', { email, password: 'bench-popcorn-42' })) as {
    user: { uid: string };
  };
  await payStandard(send, origin, user.uid);

  const grant = (await call('POST', '/api/playback/grants', { media_type: 'movie', id: filmId })) as {
    lease: { id: string; renew_seconds: number };
    master: string;
  };
  const lease = `/api/playback/leases/${grant.lease.id}`;
  const renewing = setInterval(() => void call('PUT', lease).catch(() => {}), grant.lease.renew_seconds * 1000);
  return {
    base: grant.master.slice(0, grant.master.lastIndexOf('/')),
    session: cookie().slice(SESSION_COOKIE.length + 1),
    end: async () => {
      clearInterval(renewing);
      await call('DELETE', lease).catch(() => {});
    },
  };
}
