import { describe, expect, it } from 'vitest';

import type { GrantAnswer, GrantsPort } from '../../src/services/playback/grants.port.ts';

export interface GrantsViewer {
  grants: GrantsPort;
}

export interface GrantsHarness {
  /** A viewer signed in, without a plan. */
  newViewer(): Promise<GrantsViewer>;
  /** Makes the viewer a Standard member (two screens, 1080 lines), as a paid checkout does in its mode. */
  subscribeToStandard(viewer: GrantsViewer): Promise<void>;
  /** Reads a media address a grant gave, as the player does. */
  fetchMedia(path: string): Promise<Response>;
}

/** A catalogue film the embedded server plays (its mood's demo programme). */
const FILM = { media_type: 'movie', id: 550 } as const;

const granted = (answer: GrantAnswer) => {
  if (answer.kind !== 'granted') throw new Error(`expected a grant, got ${answer.kind}`);
  return answer.grant;
};

/**
 * The grants port's contract (grants.port.ts): Marquee's media host in both modes, the viewer
 * signed in as the mode signs in, the plan as the mode records it.
 */
export function grantsContract(name: string, harness: () => GrantsHarness) {
  describe(`grants contract: ${name}`, () => {
    it('refuses a viewer without a plan, then grants the plan just paid for, at its resolution', async () => {
      const h = harness();
      const viewer = await h.newViewer();
      expect(await viewer.grants.request(FILM)).toEqual({
        kind: 'no-membership',
        message: 'Choose a plan to start watching.',
      });
      await h.subscribeToStandard(viewer);
      const grant = granted(await viewer.grants.request(FILM));
      expect(grant.max_height).toBe(1080);
      expect(grant.master).toMatch(/^\/media\/grants\/[A-Za-z0-9_-]{43}\/master\.m3u8$/);
      const master = await h.fetchMedia(grant.master);
      expect(master.status).toBe(200);
      expect(await master.text()).not.toMatch(/RESOLUTION=\d+x2160/);
    });

    it("keeps the plan's screens: a third is refused with the two in use, and a released one frees its place", async () => {
      const h = harness();
      const viewer = await h.newViewer();
      await h.subscribeToStandard(viewer);
      const first = granted(await viewer.grants.request(FILM));
      granted(await viewer.grants.request(FILM));
      const third = await viewer.grants.request(FILM);
      expect(third.kind).toBe('too-many-screens');
      expect(third.kind === 'too-many-screens' && third.screens.map((screen) => screen.id)).toContain(first.lease.id);
      expect(await viewer.grants.renew(first.lease.id)).toBe(true);
      await viewer.grants.release(first.lease.id);
      expect(await viewer.grants.renew(first.lease.id)).toBe(false);
      granted(await viewer.grants.request(FILM));
    });
  });
}
