import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { DEFAULT_SUBTITLE_STYLE } from '../../../../shared/profiles/profile-options.ts';
import { SubtitleAppearanceForm } from '../../../../src/components/profiles/SubtitleAppearanceForm.tsx';
import { cueRules, subtitleAttributes } from '../../../../src/components/watching/subtitle-css.ts';
import { userEvent } from '../../support/user-event';

afterEach(cleanup);

describe('SubtitleAppearanceForm', () => {
  it('offers size, text colour and background as labelled radio groups, checked at the profile’s style', () => {
    render(<SubtitleAppearanceForm value={{ size: 'small', color: 'cyan', background: 'none' }} onSave={() => {}} />);
    expect(screen.getByRole('group', { name: 'Size' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Text colour' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Background' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Small' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Cyan' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'None' }) as HTMLInputElement).checked).toBe(true);
  });

  it('shows each choice in the preview at once and saves the three together', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(<SubtitleAppearanceForm value={DEFAULT_SUBTITLE_STYLE} onSave={onSave} />);
    await user.click(screen.getByRole('radio', { name: 'Large' }));
    await user.click(screen.getByRole('radio', { name: 'Yellow' }));
    // The keyboard: arrows move within a radio group.
    screen.getByRole('radio', { name: 'Semi-transparent black' }).focus();
    await user.keyboard('{ArrowDown}');
    const preview = screen.getByRole('img', { name: /^Subtitle preview/ });
    expect(preview.getAttribute('aria-label')).toBe('Subtitle preview: Large, Yellow text, Black background');
    const cue = preview.firstElementChild as HTMLElement;
    expect(cue.style.color).toBe('rgb(255, 235, 59)');
    expect(cue.style.backgroundColor).toBe('rgb(0, 0, 0)');
    expect(onSave).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Save subtitle appearance' }));
    expect(onSave).toHaveBeenCalledWith({ size: 'large', color: 'yellow', background: 'black' });
  });

  it('holds its radios while saving', () => {
    render(<SubtitleAppearanceForm value={DEFAULT_SUBTITLE_STYLE} status="busy" onSave={() => {}} />);
    expect(screen.getByRole('radio', { name: 'Large' }).matches(':disabled')).toBe(true);
    expect((screen.getByRole('button', { name: 'Save subtitle appearance' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe("the player's ::cue rules", () => {
  it('have one rule per offered choice, picked by the root’s attributes', () => {
    expect(subtitleAttributes({ size: 'large', color: 'yellow', background: 'black' })).toEqual({
      'data-subtitle-size': 'large',
      'data-subtitle-color': 'yellow',
      'data-subtitle-background': 'black',
    });
    expect(cueRules['&[data-subtitle-size="large"] video::cue']).toEqual({ fontSize: '150%' });
    expect(cueRules['&[data-subtitle-color="yellow"] video::cue']).toEqual({ color: '#ffeb3b' });
    expect(cueRules['&[data-subtitle-background="none"] video::cue']).toEqual({ backgroundColor: 'transparent' });
  });
});
