/**
 * The library joined to ingest in one process (MARQUEE_WORKERS=1): a file found in a library
 * folder is ingested by the app's own engine, its progress reaches the library's file, and the
 * studio's commands (`app.libraryControl`) run here.
 */
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { LibraryControlError } from '../../../server/library/library-control.ts';
import { createTestApp } from '../test-app.ts';
import { fakeIngest, libraryFolder, writeTwoLanguageVideo } from './library-support.ts';

type App = Awaited<ReturnType<typeof createTestApp>>['app'];

async function until<T>(read: () => T, ok: (value: T) => boolean, what: string, ms = 45_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const fileOf = (app: App) => app.library.repository.files()[0];

describe('the library with ingest in a single process', () => {
  it('ingests a film it finds, records its progress on the file, and publishes its programme', async () => {
    const root = libraryFolder();
    writeTwoLanguageVideo(join(root, 'Tiny (2020)', 'Tiny (2020).mkv'));
    const { app, dataDir } = await createTestApp({ library: { folders: [root], writeFinishMs: 100 } });
    await app.library.ready();
    const file = await until(
      () => fileOf(app),
      (f) => f?.ingestState === 'ready',
      'the file to be ready',
    );
    expect(file).toMatchObject({ state: 'present', ingestState: 'ready', ingestPercent: 100 });
    expect(app.ingest.status(`library-${file!.key}`)).toMatchObject({
      state: 'ready',
      playlist: join(dataDir, 'library', `library-${file!.key}`, 'master.m3u8'),
    });
  }, 60_000);

  it('retries a file on the studio’s asking, rescans, and refuses a key it does not know', async () => {
    const root = libraryFolder();
    writeTwoLanguageVideo(join(root, 'Tiny (2020)', 'Tiny (2020).mkv'));
    const { app } = await createTestApp({ library: { folders: [root], writeFinishMs: 100 } });
    await app.library.ready();
    const key = `library-${
      (await until(
        () => fileOf(app),
        (f) => f?.ingestState === 'ready',
        'ready',
      ))!.key
    }`;
    const job = app.ingest.status(key)!.jobId;

    await app.libraryControl.retry(key);
    expect(app.ingest.status(key)!.jobId).toBeGreaterThan(job);
    await until(
      () => fileOf(app),
      (f) => f?.ingestState === 'ready',
      'ready again',
    );

    await expect(app.libraryControl.rescan()).resolves.toBeUndefined();
    const refused = await app.libraryControl.retry('library-999').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(LibraryControlError);
    expect(refused).toMatchObject({ code: 'not-found' });
  }, 90_000);

  it('hands ingest the files a library scanned before ingest ran here', async () => {
    const root = libraryFolder();
    writeTwoLanguageVideo(join(root, 'Tiny (2020)', 'Tiny (2020).mkv'));
    const fake = fakeIngest();
    const first = await createTestApp({ library: { folders: [root], ingest: fake.ingest, writeFinishMs: 100 } });
    await first.app.library.ready();
    expect(fake.enqueued).toHaveLength(1);
    await first.app.close();

    const { app } = await createTestApp({ dataDir: first.dataDir, library: { folders: [root], writeFinishMs: 100 } });
    await app.library.ready();
    await until(
      () => fileOf(app),
      (f) => f?.ingestState === 'ready',
      'the file ingested after the restart',
    );
  }, 60_000);

  it('says the studio’s commands need library folders when none are set', async () => {
    const { app } = await createTestApp();
    await expect(app.libraryControl.rescan()).rejects.toMatchObject({ code: 'unavailable' });
    await expect(app.libraryControl.retry('library-1')).rejects.toMatchObject({ code: 'unavailable' });
  });
});
