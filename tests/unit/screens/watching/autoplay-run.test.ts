import { describe, expect, it } from 'vitest';

import { runOf, runState } from '../../../../src/screens/watching/autoplay-run.ts';

describe('the run a player hands the next episode’s page', () => {
  it('comes back from the history entry’s state', () => {
    expect(runOf(runState(0))).toBe(0);
    expect(runOf(runState(3))).toBe(3);
  });

  it('is 0 for a page opened any other way, or a state that is not a run', () => {
    for (const state of [null, undefined, {}, 'x', { autoplayRun: -1 }, { autoplayRun: 1.5 }, { autoplayRun: '2' }]) {
      expect(runOf(state), JSON.stringify(state)).toBe(0);
    }
  });
});
