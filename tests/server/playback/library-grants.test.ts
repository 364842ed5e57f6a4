/**
 * A grant for a library film: the programme the library made (ffmpeg, at test time), under the
 * grant's address, with its audio languages and subtitles.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { checkoutClient, openSession, PLANS, SESSION_COOKIE, signUp, testClock } from '../checkout-helpers.ts';
import { libraryFolder, writeTwoLanguageVideo } from '../library/library-support.ts';
import { createTestApp } from '../test-app.ts';

describe('a grant for a library title', () => {
  it('addresses the library programme, with both audio languages and the subtitles', async () => {
    const root = libraryFolder();
    const film = join(root, 'Tiny (2020)', 'Tiny (2020).mkv');
    writeTwoLanguageVideo(film);
    writeFileSync(join(root, 'Tiny (2020)', 'Tiny (2020).en.srt'), '1\n00:00:00,000 --> 00:00:00,900\nHello.\n');
    const clock = testClock(Date.now());
    const { app } = await createTestApp({ now: clock.now, library: { folders: [root], writeFinishMs: 100 } });
    await app.library.ready();
    await app.ingest.idle();
    const title = app.library.catalogue.titles()[0]!;
    expect(title.title.name).toBe('Tiny');

    const ann = await signUp(app, 'ann@example.com');
    const session = await openSession(app, ann, PLANS.basic.price);
    expect((await checkoutClient(app, ann).pay(session.sessionId)).statusCode).toBe(200);

    const answer = await app.inject({
      method: 'POST',
      url: '/api/playback/grants',
      cookies: { [SESSION_COOKIE]: ann.token },
      payload: { media_type: 'movie', id: title.id },
    });
    expect(answer.statusCode).toBe(201);
    const grant = answer.json() as { master: string; thumbnails: string | null };
    expect(grant.thumbnails).toMatch(/\/trickplay\/thumbnails\.vtt$/);
    const master = await app.inject({ url: grant.master });
    expect(master.statusCode).toBe(200);
    const languages = master.body
      .split('\n')
      .filter((line) => line.startsWith('#EXT-X-MEDIA:TYPE=AUDIO'))
      .map((line) => /LANGUAGE="([^"]+)"/.exec(line)?.[1]);
    expect(languages).toEqual(['en', 'de']);
    expect(master.body).toMatch(/#EXT-X-MEDIA:TYPE=SUBTITLES,.*LANGUAGE="en"/);
    const variant = master.body.split('\n').find((line) => line.endsWith('.m3u8') && !line.startsWith('#'))!;
    const base = grant.master.replace(/master\.m3u8$/, '');
    const playlist = await app.inject({ url: base + variant });
    expect(playlist.statusCode).toBe(200);
    const segment = playlist.body.split('\n').find((line) => line.endsWith('.m4s'))!;
    expect((await app.inject({ url: base + segment })).statusCode).toBe(200);
  }, 90_000);
});
