import { cleanup, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { EpisodesPanel, type EpisodesPanelProps } from '../../../../src/components/watching/EpisodesPanel.tsx';
import { ControlButton, PrimaryButton } from '../../../../src/components/watching/player-buttons.ts';
import { userEvent } from '../../support/user-event';

afterEach(cleanup);

// jsdom has no modal dialogs: open and close set the attribute, as the browser does (focus and Esc: the e2e test).
const dialog = HTMLDialogElement.prototype as Partial<HTMLDialogElement>;
beforeAll(() => {
  dialog.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  dialog.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});
afterAll(() => {
  delete dialog.showModal;
  delete dialog.close;
});

const props = (overrides: Partial<EpisodesPanelProps> = {}): EpisodesPanelProps => ({
  open: true,
  status: 'ready',
  seasons: [
    { number: 1, name: 'Season 1' },
    { number: 2, name: 'Season 2' },
  ],
  season: 1,
  onSeasonChange: vi.fn(),
  episodes: [
    { number: 1, name: 'Pilot', runtime: '52m', progress: 1 },
    { number: 2, name: 'The Lie', runtime: '48m', progress: 0.25, current: true },
    { number: 3, name: 'Past and Present' },
  ],
  onChoose: vi.fn(),
  onRetry: vi.fn(),
  onClose: vi.fn(),
  buttons: { ControlButton, PrimaryButton },
  ...overrides,
});

describe('EpisodesPanel', () => {
  it('lists the season’s episodes with runtime and progress, the current one marked', () => {
    render(<EpisodesPanel {...props()} />);
    const list = screen.getByRole('list', { name: 'Season 1' });
    const choices = within(list).getAllByRole('button');
    expect(choices.map((choice) => choice.textContent)).toEqual([
      '1. Pilot52m',
      '2. The LiePlaying now · 48m',
      '3. Past and Present',
    ]);
    expect(choices[1]!.getAttribute('aria-current')).toBe('true');
    expect(choices[0]!.getAttribute('aria-current')).toBeNull();
    const bars = within(list).getAllByRole('progressbar');
    expect(bars.map((bar) => bar.getAttribute('aria-valuenow'))).toEqual(['100', '25']);
  });

  it('sends the season picked and the episode chosen, and closes by its button', async () => {
    const user = userEvent.setup();
    const given = props();
    render(<EpisodesPanel {...given} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Season' }), '2');
    expect(given.onSeasonChange).toHaveBeenCalledWith(2);
    await user.click(screen.getByRole('button', { name: /Past and Present/ }));
    expect(given.onChoose).toHaveBeenCalledWith(3);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(given.onClose).toHaveBeenCalledOnce();
  });

  it('says it is loading, and why it failed with Try again', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<EpisodesPanel {...props({ status: 'loading', episodes: [] })} />);
    expect(screen.getByRole('status').textContent).toBe('Loading episodes…');
    const failed = props({ status: 'error', error: 'The catalogue could not be reached.', episodes: [] });
    rerender(<EpisodesPanel {...failed} />);
    expect(screen.getByRole('alert').textContent).toContain('The catalogue could not be reached.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(failed.onRetry).toHaveBeenCalledOnce();
  });

  it('opens and closes as told, and tells of a close it did not ask for (Esc)', () => {
    const given = props();
    const { rerender } = render(<EpisodesPanel {...given} open={false} />);
    const element = document.querySelector('dialog')!;
    expect(element.open).toBe(false);
    rerender(<EpisodesPanel {...given} open />);
    expect(element.open).toBe(true);
    rerender(<EpisodesPanel {...given} open={false} />);
    expect(element.open).toBe(false);
    expect(given.onClose).not.toHaveBeenCalled();
    rerender(<EpisodesPanel {...given} open />);
    element.close();
    expect(given.onClose).toHaveBeenCalledOnce();
  });

  it('shows one season’s name without a picker', () => {
    render(<EpisodesPanel {...props({ seasons: [{ number: 1, name: 'Season 1' }] })} />);
    expect(screen.queryByRole('combobox', { name: 'Season' })).toBeNull();
    expect(screen.getByRole('list', { name: 'Season 1' })).toBeTruthy();
  });
});
