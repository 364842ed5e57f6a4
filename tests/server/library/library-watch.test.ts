import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import type { LibraryChange } from '../../../server/library/scanner-videos.ts';
import { createTestApp } from '../test-app.ts';
import { fakeIngest, libraryFolder, writeTree } from './library-support.ts';

/** Generous: the watcher waits for a write to settle, and this machine is shared. */
const EVENT_WAIT_MS = 15_000;

async function watchedLibrary(root: string) {
  const fake = fakeIngest();
  const { app } = await createTestApp({
    library: { folders: [root], ingest: fake.ingest, writeFinishMs: 200, renameWindowMs: 3000 },
  });
  await app.library.ready();
  const changes: LibraryChange[] = [];
  app.library.scanner!.onChange((change) => changes.push(change));
  /** Resolves with the first change (since the last call) that `matches`; fails after EVENT_WAIT_MS. */
  const next = (matches: (change: LibraryChange) => boolean) =>
    new Promise<LibraryChange>((resolve, reject) => {
      const seen = changes.find(matches);
      if (seen) return resolve(seen);
      const timer = setTimeout(
        () => reject(new Error(`no such change; saw ${JSON.stringify(changes)}`)),
        EVENT_WAIT_MS,
      );
      const stop = app.library.scanner!.onChange((change) => {
        if (!matches(change)) return;
        clearTimeout(timer);
        stop();
        resolve(change);
      });
    });
  return { app, fake, changes, next };
}

describe('the library watcher', () => {
  it('picks up an added film, a renamed one and a removed one', { timeout: 60_000 }, async () => {
    const root = libraryFolder();
    writeTree(root, { 'Films/Kitchen Tales (2022)/Kitchen Tales (2022).mkv': null });
    const { app, fake, next } = await watchedLibrary(root);
    expect(fake.enqueued).toHaveLength(1);

    // Added: a new film in a folder of its own, with its NFO.
    writeTree(root, {
      'Films/Garden Diaries (2019)/movie.nfo':
        '<movie><title>Garden Diaries</title><year>2019</year><plot>Seeds.</plot></movie>',
      'Films/Garden Diaries (2019)/Garden Diaries (2019).mkv': null,
    });
    const gardenPath = join(root, 'Films/Garden Diaries (2019)/Garden Diaries (2019).mkv');
    await next((change) => change.type === 'added' && change.path === gardenPath);
    const garden = app.library.items('movie').find((item) => item.title === 'Garden Diaries')!;
    expect(garden.facts.plot).toBe('Seeds.');
    expect(fake.enqueued.map((r) => r.sourcePath)).toContain(gardenPath);
    const gardenKey = fake.enqueued.find((r) => r.sourcePath === gardenPath)!.key;

    // Renamed: the same file under a new name keeps its programme; nothing is removed or queued.
    const renamedPath = join(root, 'Films/Garden Diaries (2019)/Garden Diaries (2019) - 1080p.mkv');
    const queuedBefore = fake.enqueued.length;
    renameSync(gardenPath, renamedPath);
    const moved = await next((change) => change.type === 'moved' && change.path === renamedPath);
    expect(moved.from).toBe(gardenPath);
    expect(fake.removed).toEqual([]);
    expect(fake.enqueued).toHaveLength(queuedBefore);
    expect(app.library.repository.file(renamedPath)).toMatchObject({ state: 'present' });
    expect(`library-${app.library.repository.file(renamedPath)!.key}`).toBe(gardenKey);

    // Removed: the file is marked removed, its title leaves the library, and ingest is told.
    rmSync(renamedPath);
    await next((change) => change.type === 'removed' && change.path === renamedPath);
    expect(fake.removed).toEqual([gardenKey]);
    expect(app.library.repository.file(renamedPath)).toMatchObject({ state: 'removed' });
    expect(app.library.items('movie').map((item) => item.title)).toEqual(['Kitchen Tales']);
  });

  it('keeps a series (its id and match) when its folder is renamed', { timeout: 60_000 }, async () => {
    const root = libraryFolder();
    writeTree(root, {
      'Series/Harbour Lights/Season 01/Harbour Lights S01E01.mkv': null,
      'Series/Harbour Lights/Season 01/Harbour Lights S01E02.mkv': null,
    });
    const { app, fake, next } = await watchedLibrary(root);
    const [before] = app.library.libraryTitles();
    expect(before).toMatchObject({ mediaType: 'tv', title: { name: 'Harbour Lights' } });

    renameSync(join(root, 'Series/Harbour Lights'), join(root, 'Series/Harbour Lights (2020)'));
    const episode = (n: number) => join(root, `Series/Harbour Lights (2020)/Season 01/Harbour Lights S01E0${n}.mkv`);
    await next((change) => change.type === 'moved' && change.path === episode(1));
    await next((change) => change.type === 'moved' && change.path === episode(2));

    const [after] = app.library.libraryTitles();
    expect(after).toMatchObject({ id: before!.id, title: { name: 'Harbour Lights', date: '2020-01-01' } });
    expect(app.library.items('series')).toHaveLength(1);
    expect(fake.removed).toEqual([]);
    expect(fake.enqueued).toHaveLength(2);
  });

  it('reads a changed NFO and a new subtitle again', { timeout: 60_000 }, async () => {
    const root = libraryFolder();
    writeTree(root, {
      'Series/Harbour Lights (2020)/Season 01/Harbour Lights S01E01.mkv': null,
    });
    const { app, fake, next, changes } = await watchedLibrary(root);
    const episodePath = join(root, 'Series/Harbour Lights (2020)/Season 01/Harbour Lights S01E01.mkv');

    writeFileSync(
      join(root, 'Series/Harbour Lights (2020)/Season 01/Harbour Lights S01E01.nfo'),
      '<episodedetails><title>The Pier</title><plot>Night falls.</plot></episodedetails>',
    );
    await next((change) => change.type === 'updated' && change.path === episodePath);
    const season = app.library.repository.children(app.library.items('series')[0]!.key)[0]!;
    expect(app.library.repository.children(season.key)[0]).toMatchObject({ title: 'The Pier', factsSource: 'nfo' });

    changes.length = 0;
    writeFileSync(join(root, 'Series/Harbour Lights (2020)/Season 01/Harbour Lights S01E01.de.srt'), '1\n');
    await next((change) => change.type === 'updated' && change.path === episodePath);
    // The new subtitle reaches ingest with the episode.
    expect(fake.enqueued.at(-1)).toMatchObject({
      sourcePath: episodePath,
      externalSubtitles: [{ language: 'de', path: expect.stringMatching(/S01E01\.de\.srt$/) }],
    });
  });

  it('marks a video it cannot place as failed, with its reason, and carries on', { timeout: 60_000 }, async () => {
    const root = libraryFolder();
    writeTree(root, { 'Films/Kitchen Tales (2022).mkv': null });
    const { app, next } = await watchedLibrary(root);
    // An episode number with no series name anywhere.
    writeTree(root, { 'S01E01.mkv': null });
    const failed = await next((change) => change.type === 'failed');
    expect(failed.path).toBe(join(root, 'S01E01.mkv'));
    expect(app.library.repository.file(join(root, 'S01E01.mkv'))).toMatchObject({
      state: 'failed',
      failure: expect.stringMatching(/no series name/),
    });
    expect(app.library.items('movie')).toHaveLength(1);
  });
});
