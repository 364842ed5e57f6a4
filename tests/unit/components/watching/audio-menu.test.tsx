import { composeStories } from '@storybook/react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { type ComponentPropsWithRef, forwardRef } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { audioLabel, audioLabels } from '../../../../src/components/watching/audio-label';
import { AudioMenu } from '../../../../src/components/watching/AudioMenu';
import { preloadChoiceMenu } from '../../../../src/components/watching/ChoiceMenu';
import * as stories from '../../../../stories/watching/AudioMenu.stories';
import { userEvent } from '../../support/user-event';

const MAIN = { id: 0, name: 'English', language: 'en', describes: false };
const DESCRIBED = { id: 1, name: 'English – Audio Description', language: 'en', describes: true };

const Button = forwardRef<HTMLButtonElement, ComponentPropsWithRef<'button'>>((props, ref) => (
  <button ref={ref} {...props} />
));
Button.displayName = 'Button';

beforeAll(async () => {
  // Radix measures the trigger for the menu's position; jsdom has no ResizeObserver.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  await preloadChoiceMenu();
});

describe('audio labels', () => {
  it('name a rendition by language and kind', () => {
    expect(audioLabel(MAIN)).toBe('English');
    expect(audioLabel(DESCRIBED)).toBe('English – Audio Description');
    expect(audioLabel({ name: 'Audiodescription', language: 'fr', describes: true })).toBe(
      'French – Audio Description',
    );
    // No language, or one that is not a tag: the rendition's own name.
    expect(audioLabel({ name: 'Commentary', describes: false })).toBe('Commentary');
    expect(audioLabel({ name: 'Stereo', language: 'not a tag!', describes: false })).toBe('Stereo');
  });

  it('keep two renditions that would read the same apart by their names', () => {
    expect(
      audioLabels([MAIN, { id: 2, name: 'Director’s commentary', language: 'en', describes: false }, DESCRIBED]),
    ).toEqual(['English', 'English (Director’s commentary)', 'English – Audio Description']);
  });
});

describe('the audio menu', () => {
  it('is not offered with a single rendition', () => {
    render(<AudioMenu tracks={[MAIN]} value={0} onValueChange={vi.fn()} TriggerButton={Button} />);
    expect(screen.queryByRole('button', { name: /audio/i })).toBeNull();
  });

  it('names what plays on its button, lists the renditions by language and kind, and gives back the choice', async () => {
    const onValueChange = vi.fn();
    const user = userEvent.setup();
    render(<AudioMenu tracks={[MAIN, DESCRIBED]} value={0} onValueChange={onValueChange} TriggerButton={Button} />);
    // The loaded menu's button (Radix gives it an id) replaces the plain one.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Audio: English' })).toHaveAttribute('id'));
    screen.getByRole('button', { name: 'Audio: English' }).focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    const items = await waitFor(() => {
      const found = screen.getAllByRole('menuitemradio');
      expect(found).toHaveLength(2);
      return found;
    });
    expect(items.map((item) => item.textContent?.replace('✓', ''))).toEqual(['English', 'English – Audio Description']);
    expect(items[0]).toHaveAttribute('aria-checked', 'true');
    expect(menu).toContainElement(items[1]!);
    // By keyboard: down to the described track, Enter.
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onValueChange).toHaveBeenCalledWith(1);
  });

  it('says "Audio" alone until the engine reports what plays', () => {
    render(<AudioMenu tracks={[MAIN, DESCRIBED]} value={-1} onValueChange={vi.fn()} TriggerButton={Button} />);
    expect(screen.getByRole('button', { name: 'Audio' })).toBeTruthy();
  });
});

describe('the audio menu stories', () => {
  afterEach(cleanup);
  const composed = composeStories(stories);
  it.each(Object.entries(composed))('%s plays and has no axe violations', async (_name, Story) => {
    await Story.load();
    const { container } = render(<Story />);
    await Story.play?.({ canvasElement: container });
    // Colour contrast needs layout, which jsdom has not: the test-runner checks it in Chromium.
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
});
