import type { Pool } from 'undici';

import { SESSION_COOKIE } from '../../server/accounts/session-plugin.ts';

/** Stripe's always-succeeding test card, as the hosted checkout page takes it. */
const TEST_CARD = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Bench Viewer' };
const STANDARD_PRICE = 'price_1MqStandardMonthlyGbp';

export interface MemberGrant {
  /** The grant's folder, `/media/grants/{token}`, under which the programme's files are served. */
  base: string;
  /** The member's session cookie's value, for a browser signed in as them. */
  session: string;
  /** Stops renewing the lease and gives it back. */
  end: () => Promise<void>;
}

/**
 * A member playing a film, through the real API: signs up, pays the Standard plan on the
 * test-mode checkout with the test card, asks for a playback grant, and renews its lease while the
 * bench runs, as the player does (docs/playback.md).
 */
export async function memberGrant(pool: Pool, origin: string, filmId: number): Promise<MemberGrant> {
  let cookie = '';
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) => {
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
    if (answer.statusCode >= 300) throw new Error(`${method} ${path} answered ${answer.statusCode}: ${text}`);
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  };

  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const { user } = (await call('POST', '/api/auth/sign-up', { email, password: 'bench-popcorn-42' })) as {
    user: { uid: string };
  };
  const sessions = `/api/documents/customers/${user.uid}/checkout_sessions`;
  const { id } = (await call('POST', sessions, {
    price: STANDARD_PRICE,
    success_url: `${origin}/account`,
    cancel_url: `${origin}/change-plan`,
  })) as { id: string };
  let sessionId: string | undefined;
  for (let attempt = 0; attempt < 100 && !sessionId; attempt++) {
    const { session } = (await call('GET', `${sessions}/${id}`)) as { session: { sessionId?: string } };
    sessionId = session.sessionId;
    if (!sessionId) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (!sessionId) throw new Error('The checkout session was never opened.');
  await call('POST', `/checkout/${sessionId}/pay`, TEST_CARD);

  const grant = (await call('POST', '/api/playback/grants', { media_type: 'movie', id: filmId })) as {
    lease: { id: string; renew_seconds: number };
    master: string;
  };
  const lease = `/api/playback/leases/${grant.lease.id}`;
  const renewing = setInterval(() => void call('PUT', lease).catch(() => {}), grant.lease.renew_seconds * 1000);
  return {
    base: grant.master.slice(0, grant.master.lastIndexOf('/')),
    session: cookie.slice(SESSION_COOKIE.length + 1),
    end: async () => {
      clearInterval(renewing);
      await call('DELETE', lease).catch(() => {});
    },
  };
}
