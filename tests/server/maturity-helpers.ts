import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';

import type { MaturityLevel } from '../../shared/profiles/maturity.ts';
import type { Profile } from '../../shared/profiles/profile.schema.ts';

const SESSION_COOKIE = 'marquee_session';
export const PASSWORD = 'secret-password';
const KEY = 'test-catalogue-key';

type Answer = { profile: Profile; profiles: Profile[] };

/** A new account with a second profile, "Kid", at `level` and active; calls made as that account. */
export async function householdWithKid(app: FastifyInstance, level: MaturityLevel = '7+', email = 'ann@example.com') {
  const signUp = await app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { email, password: PASSWORD } });
  expect(signUp.statusCode).toBe(201);
  const uid = (signUp.json() as { user: { uid: string } }).user.uid;
  const token = signUp.cookies.find((cookie) => cookie.name === SESSION_COOKIE)!.value;
  const as = (options: InjectOptions) => app.inject({ ...options, cookies: { [SESSION_COOKIE]: token } });
  const base = `/api/documents/customers/${uid}/profiles`;
  const added = await as({ method: 'POST', url: base, payload: { name: 'Kid' } });
  expect(added.statusCode).toBe(201);
  const kid = (added.json() as Answer).profile;
  const adult = (added.json() as Answer).profiles.find((profile) => profile.id !== kid.id)!;
  const setLevel = (id: string, payload: object) => as({ method: 'PUT', url: `${base}/${id}/maturity`, payload });
  const select = (id: string) => as({ method: 'POST', url: `${base}/${id}/select` });
  expect((await setLevel(kid.id, { password: PASSWORD, level })).statusCode).toBe(200);
  expect((await select(kid.id)).statusCode).toBe(200);
  const catalogue = (path: string, extra: Omit<InjectOptions, 'url'> = {}) =>
    as({ method: 'GET', ...extra, url: `/tmdb/3${path}${path.includes('?') ? '&' : '?'}api_key=${KEY}` });
  return { uid, token, as, base, kid, adult, setLevel, select, catalogue };
}
