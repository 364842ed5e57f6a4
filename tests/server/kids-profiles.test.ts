import { describe, expect, it } from 'vitest';

import type { Profile } from '../../shared/profiles/profile.schema.ts';
import { LOCK_MESSAGES } from '../../shared/profiles/profile-options.ts';
import { householdWithKid, PASSWORD } from './maturity-helpers.ts';
import { createTestApp } from './test-app.ts';

type Answer = { profile: Profile; profiles: Profile[] };

describe('"Kids?" on a profile', () => {
  it('adds a kids profile at 7+ without the password', async () => {
    const { app } = await createTestApp();
    const ann = await householdWithKid(app, '18+');
    const added = await ann.as({ method: 'POST', url: ann.base, payload: { name: 'Tom', kids: true } });
    expect(added.statusCode, added.body).toBe(201);
    expect((added.json() as Answer).profile.maturity).toBe('7+');
    const plain = await ann.as({ method: 'POST', url: ann.base, payload: { name: 'Sue', kids: false } });
    expect((plain.json() as Answer).profile.maturity).toBeUndefined();
    // What a kids profile is refused follows at once: it is its level, not a flag.
    expect(app.profiles.maturityOf(ann.uid, (added.json() as Answer).profile.id)).toBe('7+');
  });

  it('makes a profile a kids one from Edit Profile, keeping a lower level, and leaves Kids only with the password', async () => {
    const { app } = await createTestApp();
    const ann = await householdWithKid(app, 'all');
    const patch = (id: string, payload: object) => ann.as({ method: 'PATCH', url: `${ann.base}/${id}`, payload });

    const adult = await patch(ann.adult.id, { name: ann.adult.name, kids: true });
    expect(adult.statusCode, adult.body).toBe(200);
    expect((adult.json() as Answer).profile.maturity).toBe('7+');

    const kid = await patch(ann.kid.id, { name: 'Kiddo', kids: true });
    expect((kid.json() as Answer).profile).toMatchObject({ name: 'Kiddo', maturity: 'all' });

    const leaving = await patch(ann.kid.id, { name: 'Kiddo', kids: false });
    expect(leaving.statusCode).toBe(400);
    expect(leaving.json()).toEqual({ error: { code: 'invalid-argument', message: LOCK_MESSAGES.leavingKids } });
    expect(app.profiles.maturityOf(ann.uid, ann.kid.id)).toBe('all');
    // The name was not changed either.
    const listed = (await ann.as({ method: 'GET', url: ann.base })).json().profiles as Profile[];
    expect(listed.find((profile) => profile.id === ann.kid.id)?.name).toBe('Kiddo');

    const raised = await ann.setLevel(ann.kid.id, { password: PASSWORD, level: '13+' });
    expect(raised.statusCode).toBe(200);
    expect((raised.json() as Answer).profile.maturity).toBe('13+');
  });

  it('refuses a kids value that is not a boolean', async () => {
    const { app } = await createTestApp();
    const ann = await householdWithKid(app, '18+');
    const added = await ann.as({ method: 'POST', url: ann.base, payload: { name: 'Tom', kids: 'yes' } });
    expect(added.statusCode).toBe(400);
    expect(app.profiles.list(ann.uid, null)).toHaveLength(2);
  });
});
