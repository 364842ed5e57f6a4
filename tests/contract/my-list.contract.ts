import { describe, expect, it } from 'vitest';

import type { MyListWrite } from '../../shared/watching/watching.schema.ts';
import { INVALID_TITLE_KEY_MESSAGE, MAX_MY_LIST, MY_LIST_FULL_MESSAGE } from '../../shared/watching/watching-rules.ts';
import type { WatchingHarness } from './support/watching-customers.ts';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UNKNOWN_PROFILE = 'zzzzzzzzzzzz';

const title = (id: number, overrides: Partial<MyListWrite> = {}): MyListWrite => ({
  media_type: 'movie',
  id,
  title: `Film ${id}`,
  backdrop_path: `/backdrop-${id}.jpg`,
  poster_path: null,
  ...overrides,
});

const keys = (list: { key: string }[]) => list.map((item) => item.key);

/** The My List port's contract (watching.port.ts MyListStore, docs/guide.md, "Continue Watching and My List"). */
export function myListContract(name: string, harness: () => WatchingHarness) {
  describe(`My List contract: ${name}`, () => {
    it('starts empty', async () => {
      const { profiles, store } = await harness().newCustomer();
      expect(await store.myList.list(profiles[0])).toEqual([]);
    });

    it('adds titles newest first, resolving with the whole list each time', async () => {
      const { profiles, store } = await harness().newCustomer();
      const [ann] = profiles;
      const first = await store.myList.add(ann, title(603, { poster_path: '/poster.jpg' }));
      expect(first).toEqual([
        { key: 'movie-603', ...title(603, { poster_path: '/poster.jpg' }), added_at: expect.stringMatching(ISO) },
      ]);
      const second = await store.myList.add(ann, title(1399, { media_type: 'tv' }));
      expect(keys(second)).toEqual(['tv-1399', 'movie-603']);
      expect(second[1]).toEqual(first[0]);
      expect(await store.myList.list(ann)).toEqual(second);
    });

    it('adding a title already there keeps its place and added_at, and refreshes how it shows', async () => {
      const { profiles, store } = await harness().newCustomer();
      const [ann] = profiles;
      await store.myList.add(ann, title(1));
      const [, before] = await store.myList.add(ann, title(2));
      const after = await store.myList.add(ann, title(1, { title: 'Film One', poster_path: '/p.jpg' }));
      expect(keys(after)).toEqual(['movie-2', 'movie-1']);
      expect(after[1]).toEqual({ ...before, title: 'Film One', poster_path: '/p.jpg' });
    });

    it('removes a title, resolving with the list; removing one that is not there changes nothing', async () => {
      const { profiles, store } = await harness().newCustomer();
      const [ann] = profiles;
      await store.myList.add(ann, title(1));
      const [second] = await store.myList.add(ann, title(2));
      expect(await store.myList.remove(ann, 'movie-1')).toEqual([second]);
      expect(await store.myList.remove(ann, 'movie-1')).toEqual([second]);
      expect(await store.myList.list(ann)).toEqual([second]);
    });

    it(
      `holds ${MAX_MY_LIST} titles and refuses one more with "${MY_LIST_FULL_MESSAGE}"`,
      { timeout: 60_000 },
      async () => {
        const { profiles, store, fillMyList } = await harness().newCustomer();
        const [ann, kids] = profiles;
        await fillMyList(
          ann,
          Array.from({ length: MAX_MY_LIST - 1 }, (_unused, i) => title(i + 1)),
        );
        // The last place goes through the port, then the list is full.
        expect(await store.myList.add(ann, title(MAX_MY_LIST))).toHaveLength(MAX_MY_LIST);
        await expect(store.myList.add(ann, title(9999))).rejects.toThrow(MY_LIST_FULL_MESSAGE);
        // A title already there is no new one; another profile has its own room.
        expect(await store.myList.add(ann, title(7))).toHaveLength(MAX_MY_LIST);
        expect(keys(await store.myList.add(kids, title(9999)))).toEqual(['movie-9999']);
        // Removing one makes room for one.
        await store.myList.remove(ann, 'movie-1');
        expect(keys(await store.myList.add(ann, title(9999)))[0]).toBe('movie-9999');
        await expect(store.myList.add(ann, title(10000))).rejects.toThrow(MY_LIST_FULL_MESSAGE);
        expect(await store.myList.list(ann)).toHaveLength(MAX_MY_LIST);
      },
    );

    it('keeps each profile’s list to itself', async () => {
      const { profiles, store } = await harness().newCustomer();
      const [ann, kids] = profiles;
      await store.myList.add(ann, title(603));
      expect(await store.myList.list(kids)).toEqual([]);
      expect(keys(await store.myList.add(kids, title(1)))).toEqual(['movie-1']);
      expect(keys(await store.myList.remove(kids, 'movie-603'))).toEqual(['movie-1']);
      expect(keys(await store.myList.list(ann))).toEqual(['movie-603']);
    });

    it('goes with its profile: a deleted profile’s list is gone, the other profile’s stays', async () => {
      const { profiles, store, deleteProfile } = await harness().newCustomer();
      const [ann, kids] = profiles;
      await store.myList.add(ann, title(603));
      await store.myList.add(kids, title(1));
      await deleteProfile(kids);
      await expect(store.myList.list(kids)).rejects.toThrow('There is no such profile.');
      await expect(store.myList.add(kids, title(2))).rejects.toThrow('There is no such profile.');
      expect(keys(await store.myList.list(ann))).toEqual(['movie-603']);
    });

    it('answers a profile that is not the customer’s with "There is no such profile."', async () => {
      const ann = await harness().newCustomer();
      const bob = await harness().newCustomer();
      await bob.store.myList.add(bob.profiles[0], title(603));
      for (const profileId of [UNKNOWN_PROFILE, bob.profiles[0].profileId]) {
        const profile = { uid: ann.uid, profileId };
        await expect(ann.store.myList.list(profile)).rejects.toThrow('There is no such profile.');
        await expect(ann.store.myList.add(profile, title(1))).rejects.toThrow('There is no such profile.');
        await expect(ann.store.myList.remove(profile, 'movie-603')).rejects.toThrow('There is no such profile.');
      }
      expect(keys(await bob.store.myList.list(bob.profiles[0]))).toEqual(['movie-603']);
    });

    it('refuses another customer’s list and changes nothing', async () => {
      const ann = await harness().newCustomer();
      const bob = await harness().newCustomer();
      await ann.store.myList.add(ann.profiles[0], title(603));
      await expect(bob.store.myList.list(ann.profiles[0])).rejects.toThrow();
      await expect(bob.store.myList.add(ann.profiles[0], title(1))).rejects.toThrow();
      await expect(bob.store.myList.remove(ann.profiles[0], 'movie-603')).rejects.toThrow();
      expect(keys(await ann.store.myList.list(ann.profiles[0]))).toEqual(['movie-603']);
    });

    it('refuses titles out of shape and malformed keys, adding nothing', async () => {
      const { profiles, store } = await harness().newCustomer();
      const [ann] = profiles;
      const bad: Partial<MyListWrite>[] = [
        { title: '' },
        { title: 'x'.repeat(301) },
        { id: 0 },
        { poster_path: 'p.jpg' },
      ];
      for (const change of bad) await expect(store.myList.add(ann, title(1, change))).rejects.toThrow();
      await expect(store.myList.remove(ann, 'movie-01')).rejects.toThrow(INVALID_TITLE_KEY_MESSAGE);
      expect(await store.myList.list(ann)).toEqual([]);
    });
  });
}
