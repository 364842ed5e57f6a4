import { describe, expect, it } from 'vitest';

import type { ProfilesStore } from '../../src/services/account-store/profiles.port.ts';

export interface ProfilesCustomer {
  uid: string;
  profiles: ProfilesStore;
}

export interface ProfilesHarness {
  /** A new signed-in customer with its own adapter (its own session or credentials). */
  newCustomer(): Promise<ProfilesCustomer>;
}

const names = (list: { name: string }[]) => list.map((p) => p.name);
const active = (list: { name: string; activeProfile: boolean }[]) =>
  list.filter((p) => p.activeProfile).map((p) => p.name);
const UNKNOWN_ID = 'zzzzzzzzzzzz';

/** The profiles port's contract (profiles.port.ts, docs/guide.md, "Profiles"). */
export function profilesContract(name: string, harness: () => ProfilesHarness) {
  describe(`profiles contract: ${name}`, () => {
    it('starts with no profiles', async () => {
      const { uid, profiles } = await harness().newCustomer();
      expect(await profiles.list(uid)).toEqual([]);
    });

    it('adds profiles oldest first: trimmed names, random base-36 ids, the first one active', async () => {
      const { uid, profiles } = await harness().newCustomer();
      const first = await profiles.add(uid, '  Ann  ');
      expect(first).toEqual([{ id: expect.stringMatching(/^[a-z0-9]{6,20}$/), name: 'Ann', activeProfile: true }]);
      const second = await profiles.add(uid, 'Kids');
      expect(names(second)).toEqual(['Ann', 'Kids']);
      expect(active(second)).toEqual(['Ann']);
      expect(second[1].id).not.toBe(second[0].id);
      expect(await profiles.list(uid)).toEqual(second);
    });

    it('keeps a chosen avatar and the settings changed, the others left at their defaults', async () => {
      const { uid, profiles } = await harness().newCustomer();
      const [ann] = await profiles.add(uid, 'Ann', { avatar: 'teal-calm' });
      expect(ann).toEqual({ id: ann.id, name: 'Ann', activeProfile: true, avatar: 'teal-calm' });
      const [renamed] = await profiles.rename(uid, ann.id, 'Ann', 'pink-smile');
      expect(renamed.avatar).toBe('pink-smile');
      await profiles.changeSettings(uid, ann.id, { autoplayPreviews: false });
      const [changed] = await profiles.changeSettings(uid, ann.id, { language: 'fr' });
      expect(changed.settings).toEqual({ autoplayPreviews: false, language: 'fr' });
      expect(await profiles.list(uid)).toEqual([changed]);
    });

    it('keeps the subtitle appearance in the settings, each part changed on its own, per profile', async () => {
      const { uid, profiles } = await harness().newCustomer();
      await profiles.add(uid, 'Ann');
      const [ann, kids] = await profiles.add(uid, 'Kids');
      await profiles.changeSettings(uid, ann.id, { subtitleSize: 'large', subtitleColor: 'yellow' });
      const [changed] = await profiles.changeSettings(uid, ann.id, { subtitleBackground: 'black' });
      expect(changed.settings).toEqual({ subtitleSize: 'large', subtitleColor: 'yellow', subtitleBackground: 'black' });
      const listed = await profiles.list(uid);
      expect(listed.find((profile) => profile.id === kids.id)?.settings).toBeUndefined();
    });

    it('renames by id, keeping the id, the order and the active one', async () => {
      const { uid, profiles } = await harness().newCustomer();
      await profiles.add(uid, 'Ann');
      const [, kids] = await profiles.add(uid, 'Kids');
      const renamed = await profiles.rename(uid, kids.id, ' Children ');
      expect(renamed).toEqual([
        expect.objectContaining({ name: 'Ann', activeProfile: true }),
        { ...kids, name: 'Children' },
      ]);
      // Its own name in another case is not a duplicate.
      expect(names(await profiles.rename(uid, kids.id, 'CHILDREN'))).toEqual(['Ann', 'CHILDREN']);
    });

    it('refuses names that are empty, too long, or taken ignoring case, with the server texts', async () => {
      const { uid, profiles } = await harness().newCustomer();
      const [ann] = await profiles.add(uid, 'Ann');
      await expect(profiles.add(uid, '   ')).rejects.toThrow('Please enter a profile name.');
      await expect(profiles.add(uid, 'x'.repeat(51))).rejects.toThrow('Profile names can be at most 50 characters.');
      await expect(profiles.add(uid, 'aNN')).rejects.toThrow('You already have a profile called "Ann".');
      const [, bob] = await profiles.add(uid, 'y'.repeat(50));
      await expect(profiles.rename(uid, bob.id, 'ANN')).rejects.toThrow('You already have a profile called "Ann".');
      await expect(profiles.rename(uid, ann.id, '')).rejects.toThrow('Please enter a profile name.');
      expect(names(await profiles.list(uid))).toEqual(['Ann', 'y'.repeat(50)]);
    });

    it('composes names (NFC) and refuses look-alikes: a decomposed twin, zero-width and bidi characters', async () => {
      const { uid, profiles } = await harness().newCustomer();
      // "Renée" typed with a combining accent (NFD) is stored composed (NFC).
      const [renee] = await profiles.add(uid, 'Rene\u0301e');
      expect(renee.name).toBe('Ren\u00e9e');
      await expect(profiles.add(uid, 'Ren\u00e9e')).rejects.toThrow('You already have a profile called "Ren\u00e9e".');
      const hidden = 'Profile names cannot contain invisible or direction-control characters.';
      await expect(profiles.add(uid, 'Ren\u00e9e\u200b')).rejects.toThrow(hidden);
      await expect(profiles.add(uid, 'abc\u202egpj.exe')).rejects.toThrow(hidden);
      await expect(profiles.rename(uid, renee.id, '\u2067Ann')).rejects.toThrow(hidden);
      expect(names(await profiles.list(uid))).toEqual(['Ren\u00e9e']);
    });

    it('holds at most 5 profiles', async () => {
      const { uid, profiles } = await harness().newCustomer();
      for (const n of ['A', 'B', 'C', 'D', 'E']) await profiles.add(uid, n);
      await expect(profiles.add(uid, 'F')).rejects.toThrow('An account can have at most 5 profiles.');
      expect(names(await profiles.list(uid))).toEqual(['A', 'B', 'C', 'D', 'E']);
    });

    it('selects one profile and clears the others', async () => {
      const { uid, profiles } = await harness().newCustomer();
      await profiles.add(uid, 'Ann');
      const [, kids] = await profiles.add(uid, 'Kids');
      expect(active(await profiles.select(uid, kids.id))).toEqual(['Kids']);
      expect(active(await profiles.list(uid))).toEqual(['Kids']);
    });

    it('deleting the active profile makes the oldest remaining one active', async () => {
      const { uid, profiles } = await harness().newCustomer();
      await profiles.add(uid, 'Ann');
      await profiles.add(uid, 'Bob');
      const [ann, , cy] = await profiles.add(uid, 'Cy');
      await profiles.select(uid, cy.id);
      expect(await profiles.remove(uid, cy.id)).toEqual([
        { ...ann, activeProfile: true },
        expect.objectContaining({ name: 'Bob', activeProfile: false }),
      ]);
      const [, bob] = await profiles.list(uid);
      expect(active(await profiles.remove(uid, bob.id))).toEqual(['Ann']);
      expect(await profiles.remove(uid, ann.id)).toEqual([]);
    });

    it('answers an unknown id with "There is no such profile."', async () => {
      const { uid, profiles } = await harness().newCustomer();
      await profiles.add(uid, 'Ann');
      await expect(profiles.rename(uid, UNKNOWN_ID, 'Bob')).rejects.toThrow('There is no such profile.');
      await expect(profiles.remove(uid, UNKNOWN_ID)).rejects.toThrow('There is no such profile.');
      await expect(profiles.select(uid, UNKNOWN_ID)).rejects.toThrow('There is no such profile.');
    });

    it("refuses another customer's profiles and changes nothing", async () => {
      const ann = await harness().newCustomer();
      const bob = await harness().newCustomer();
      await ann.profiles.add(ann.uid, 'Ann');
      await expect(bob.profiles.list(ann.uid)).rejects.toThrow();
      await expect(bob.profiles.add(ann.uid, 'Intruder')).rejects.toThrow();
      expect(names(await ann.profiles.list(ann.uid))).toEqual(['Ann']);
    });
  });
}
