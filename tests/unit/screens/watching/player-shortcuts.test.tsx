import { describe, expect, it } from 'vitest';

import { shortcutFor } from '../../../../src/screens/watching/player-shortcuts.ts';

function press(key: string, target: EventTarget | null = document.body, modifiers: Partial<KeyboardEventInit> = {}) {
  return shortcutFor({
    key,
    target,
    altKey: false,
    ctrlKey: false,
    metaKey: false,
    defaultPrevented: false,
    ...modifiers,
  });
}

function element(html: string, selector: string): Element {
  document.body.innerHTML = html;
  return document.querySelector(selector)!;
}

describe('player shortcuts', () => {
  it('map the real service’s and Jellyfin’s keys', () => {
    expect(press(' ')).toEqual({ type: 'player.toggle' });
    expect(press('k')).toEqual({ type: 'player.toggle' });
    expect(press('K')).toEqual({ type: 'player.toggle' });
    expect(press('ArrowLeft')).toEqual({ type: 'player.seekBy', seconds: -10 });
    expect(press('j')).toEqual({ type: 'player.seekBy', seconds: -10 });
    expect(press('ArrowRight')).toEqual({ type: 'player.seekBy', seconds: 10 });
    expect(press('l')).toEqual({ type: 'player.seekBy', seconds: 10 });
    expect(press('ArrowUp')).toEqual({ type: 'volumeBy', delta: 0.1 });
    expect(press('ArrowDown')).toEqual({ type: 'volumeBy', delta: -0.1 });
    expect(press('m')).toEqual({ type: 'player.mute' });
    expect(press('f')).toEqual({ type: 'fullscreen' });
    expect(press('c')).toEqual({ type: 'player.toggleSubtitles' });
    expect(press('Escape')).toEqual({ type: 'back' });
    expect(press('x')).toBeNull();
  });

  it('skip a marker on S and open the shortcuts’ help on ?; inside that help, keys are its own', () => {
    expect(press('s')).toEqual({ type: 'player.skip' });
    expect(press('?', document.body, { shiftKey: true })).toEqual({ type: 'help' });
    const close = element('<dialog open><button>Close</button></dialog>', 'button');
    for (const key of ['Escape', 'k', ' ', '?']) expect(press(key, close)).toBeNull();
  });

  it('leave keys with modifiers to the browser', () => {
    expect(press('f', document.body, { ctrlKey: true })).toBeNull();
    expect(press('l', document.body, { metaKey: true })).toBeNull();
  });

  it('leave every key to an open menu', () => {
    const item = element(
      '<div role="menu"><div role="menuitemradio" tabindex="-1">720p</div></div>',
      '[role=menuitemradio]',
    );
    for (const key of [' ', 'ArrowDown', 'Escape', 'k', 'Enter']) expect(press(key, item)).toBeNull();
  });

  it('leave arrows to a focused slider, but not the other shortcuts', () => {
    const thumb = element('<span role="slider" tabindex="0" aria-label="Seek"></span>', '[role=slider]');
    expect(press('ArrowRight', thumb)).toBeNull();
    expect(press('Home', thumb)).toBeNull();
    expect(press('m', thumb)).toEqual({ type: 'player.mute' });
    expect(press(' ', thumb)).toEqual({ type: 'player.toggle' });
  });

  it('treat a range input as a slider, not as a text field', () => {
    const range = element('<input type="range" aria-label="Volume" />', 'input');
    expect(press('ArrowUp', range)).toBeNull();
    expect(press('PageDown', range)).toBeNull();
    expect(press('m', range)).toEqual({ type: 'player.mute' });
    expect(press(' ', range)).toEqual({ type: 'player.toggle' });
  });

  it('leave Space and Enter to a focused button, which presses it', () => {
    const button = element('<button>Next Episode</button>', 'button');
    expect(press(' ', button)).toBeNull();
    expect(press('Enter', button)).toBeNull();
    expect(press('ArrowLeft', button)).toEqual({ type: 'player.seekBy', seconds: -10 });
  });
});
