import { describe, expect, it } from 'vitest';

import type { ProgressWrite } from '../../shared/watching/watching.schema.ts';
import { INVALID_TITLE_KEY_MESSAGE, MAX_PROGRESS } from '../../shared/watching/watching-rules.ts';
import type { WatchingHarness } from './support/watching-customers.ts';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UNKNOWN_PROFILE = 'zzzzzzzzzzzz';

const film = (id: number, overrides: Partial<ProgressWrite> = {}): ProgressWrite => ({
  media_type: 'movie',
  id,
  season_number: null,
  episode_number: null,
  position_seconds: 20,
  duration_seconds: 120,
  title: `Film ${id}`,
  backdrop_path: `/backdrop-${id}.jpg`,
  ...overrides,
});

const keys = (list: { key: string }[]) => list.map((entry) => entry.key);

/** The progress port's contract (watching.port.ts ProgressStore, docs/guide.md, "Continue Watching and My List"). */
export function progressContract(name: string, harness: () => WatchingHarness) {
  describe(`progress contract: ${name}`, () => {
    it('starts empty', async () => {
      const { profiles, store } = await harness().newCustomer();
      expect(await store.progress.list(profiles[0])).toEqual([]);
    });

    it('saves a title and resolves with the stored entry: its key, the fields, the time of the save', async () => {
      const { profiles, store } = await harness().newCustomer();
      const write = film(1399, { media_type: 'tv', season_number: 1, episode_number: 3, position_seconds: 75.5 });
      const before = Date.now();
      const entry = await store.progress.save(profiles[0], write);
      expect(entry).toEqual({ key: 'tv-1399', ...write, updated_at: expect.stringMatching(ISO) });
      // Within a minute of this machine's clock (the hosted one is the server's).
      expect(Math.abs(Date.parse(entry.updated_at) - before)).toBeLessThan(60_000);
      expect(await store.progress.list(profiles[0])).toEqual([entry]);
    });

    it('keeps one entry per title, replaced by each save, most recently saved first', async () => {
      const { profiles, store } = await harness().newCustomer();
      const [ann] = profiles;
      for (const id of [1, 2, 3]) await store.progress.save(ann, film(id));
      expect(keys(await store.progress.list(ann))).toEqual(['movie-3', 'movie-2', 'movie-1']);

      await store.progress.save(ann, film(1, { position_seconds: 100 }));
      await store.progress.save(ann, film(7, { media_type: 'tv', season_number: 1, episode_number: 1 }));
      await store.progress.save(ann, film(7, { media_type: 'tv', season_number: 2, episode_number: 4 }));
      const list = await store.progress.list(ann);
      expect(keys(list)).toEqual(['tv-7', 'movie-1', 'movie-3', 'movie-2']);
      expect(list[0]).toMatchObject({ season_number: 2, episode_number: 4 });
      expect(list[1]!.position_seconds).toBe(100);
    });

    it('removes a title; removing one that is not there resolves and changes nothing', async () => {
      const { profiles, store } = await harness().newCustomer();
      const [ann] = profiles;
      await store.progress.save(ann, film(1));
      await store.progress.save(ann, film(2));
      await expect(store.progress.remove(ann, 'movie-1')).resolves.toBeUndefined();
      await expect(store.progress.remove(ann, 'movie-1')).resolves.toBeUndefined();
      await expect(store.progress.remove(ann, 'tv-99')).resolves.toBeUndefined();
      expect(keys(await store.progress.list(ann))).toEqual(['movie-2']);
    });

    it(`keeps the ${MAX_PROGRESS} most recently saved titles`, { timeout: 120_000 }, async () => {
      const { profiles, store } = await harness().newCustomer();
      const [ann] = profiles;
      for (let id = 1; id <= MAX_PROGRESS; id++) await store.progress.save(ann, film(id));
      // Watching the first again makes the second the least recently saved.
      await store.progress.save(ann, film(1));
      await store.progress.save(ann, film(5000));
      const list = await store.progress.list(ann);
      expect(list).toHaveLength(MAX_PROGRESS);
      expect(keys(list).slice(0, 2)).toEqual(['movie-5000', 'movie-1']);
      expect(keys(list)).not.toContain('movie-2');
      // Room stays exact: the next new title drops the next oldest.
      await store.progress.save(ann, film(5001));
      const after = await store.progress.list(ann);
      expect(after).toHaveLength(MAX_PROGRESS);
      expect(keys(after)).not.toContain('movie-3');
    });

    it('keeps each profile’s progress to itself', async () => {
      const { profiles, store } = await harness().newCustomer();
      const [ann, kids] = profiles;
      await store.progress.save(ann, film(603));
      expect(await store.progress.list(kids)).toEqual([]);
      await store.progress.save(kids, film(1, { position_seconds: 5 }));
      await store.progress.remove(kids, 'movie-603');
      expect(keys(await store.progress.list(ann))).toEqual(['movie-603']);
      expect(keys(await store.progress.list(kids))).toEqual(['movie-1']);
    });

    it('goes with its profile: a deleted profile’s progress is gone, the other profile’s stays', async () => {
      const { profiles, store, deleteProfile } = await harness().newCustomer();
      const [ann, kids] = profiles;
      await store.progress.save(ann, film(603));
      await store.progress.save(kids, film(1));
      await deleteProfile(kids);
      await expect(store.progress.list(kids)).rejects.toThrow('There is no such profile.');
      await expect(store.progress.save(kids, film(2))).rejects.toThrow('There is no such profile.');
      expect(keys(await store.progress.list(ann))).toEqual(['movie-603']);
    });

    it('answers a profile that is not the customer’s with "There is no such profile."', async () => {
      const ann = await harness().newCustomer();
      const bob = await harness().newCustomer();
      for (const profileId of [UNKNOWN_PROFILE, bob.profiles[0].profileId]) {
        const profile = { uid: ann.uid, profileId };
        await expect(ann.store.progress.list(profile)).rejects.toThrow('There is no such profile.');
        await expect(ann.store.progress.save(profile, film(1))).rejects.toThrow('There is no such profile.');
        await expect(ann.store.progress.remove(profile, 'movie-1')).rejects.toThrow('There is no such profile.');
      }
    });

    it('refuses another customer’s progress and changes nothing', async () => {
      const ann = await harness().newCustomer();
      const bob = await harness().newCustomer();
      await ann.store.progress.save(ann.profiles[0], film(603));
      await expect(bob.store.progress.list(ann.profiles[0])).rejects.toThrow();
      await expect(bob.store.progress.save(ann.profiles[0], film(1))).rejects.toThrow();
      await expect(bob.store.progress.remove(ann.profiles[0], 'movie-603')).rejects.toThrow();
      expect(keys(await ann.store.progress.list(ann.profiles[0]))).toEqual(['movie-603']);
    });

    it('refuses entries out of shape and malformed keys, storing nothing', async () => {
      const { profiles, store } = await harness().newCustomer();
      const [ann] = profiles;
      const bad: Partial<ProgressWrite>[] = [
        { title: '' },
        { position_seconds: -1 },
        { duration_seconds: 0 },
        { id: 1.5 },
        { backdrop_path: 'https://example.com/a.jpg' },
      ];
      for (const change of bad) await expect(store.progress.save(ann, film(1, change))).rejects.toThrow();
      await expect(store.progress.remove(ann, 'book-1')).rejects.toThrow(INVALID_TITLE_KEY_MESSAGE);
      expect(await store.progress.list(ann)).toEqual([]);
    });
  });
}
