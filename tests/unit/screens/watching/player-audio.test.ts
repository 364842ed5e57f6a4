import { beforeEach, describe, expect, it } from 'vitest';

import { audioChoiceFor, rememberAudioChoice } from '../../../../src/screens/watching/player-audio';

beforeEach(() => sessionStorage.clear());

describe("a profile's audio choice for the session", () => {
  it('is kept per profile, and none for a profile that chose nothing', () => {
    rememberAudioChoice('ann', { language: 'en', describes: true });
    rememberAudioChoice('bob', { language: 'fr', describes: false });
    expect(audioChoiceFor('ann')).toEqual({ language: 'en', describes: true });
    expect(audioChoiceFor('bob')).toEqual({ language: 'fr', describes: false });
    expect(audioChoiceFor('cat')).toBeNull();
    expect(audioChoiceFor(undefined)).toBeNull();
  });

  it('a later choice replaces the earlier one', () => {
    rememberAudioChoice('ann', { language: 'en', describes: true });
    rememberAudioChoice('ann', { language: 'en', describes: false });
    expect(audioChoiceFor('ann')).toEqual({ language: 'en', describes: false });
  });

  it('survives unreadable storage as no choice, and mends it on the next choice', () => {
    sessionStorage.setItem('marquee.audioChoice', '{not json');
    expect(audioChoiceFor('ann')).toBeNull();
    sessionStorage.setItem('marquee.audioChoice', JSON.stringify({ ann: { describes: 'yes' } }));
    expect(audioChoiceFor('ann')).toBeNull();
    rememberAudioChoice('ann', { language: 'en', describes: true });
    expect(audioChoiceFor('ann')).toEqual({ language: 'en', describes: true });
  });
});
