import { composeStories } from '@storybook/react';
import { cleanup, render } from '@testing-library/react';
import axe from 'axe-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import * as subtitles from '../../../../stories/profiles/SubtitleAppearance.stories';
import * as panel from '../../../../stories/watching/EpisodesPanel.stories';
import * as player from '../../../../stories/watching/PlayerView.stories';

// The new parts' stories, played in jsdom and scanned with axe (the test-runner plays and scans
// them in Chromium too, where colour contrast is measured; jsdom cannot).
afterEach(cleanup);

const dialog = HTMLDialogElement.prototype as Partial<HTMLDialogElement>;
beforeAll(() => {
  dialog.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  dialog.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
afterAll(() => {
  delete dialog.showModal;
  delete dialog.close;
});

describe.each([
  ['SubtitleAppearanceForm', composeStories(subtitles)],
  ['EpisodesPanel', composeStories(panel)],
] as const)('%s stories', (_, composed) => {
  it.each(Object.entries(composed))(
    '%s plays and has no axe violations',
    async (_name, Story) => {
      const { container } = render(<Story />);
      await Story.play?.({ canvasElement: container });
      const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
      expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.html}`)).toEqual([]);
      // axe over jsdom is slow on a shared machine: a generous limit, not a figure.
    },
    60_000,
  );
});

describe('PlayerView stories of the new parts', () => {
  const { EpisodesButton, SubtitleAppearance } = composeStories(player);
  it.each([
    ['EpisodesButton', EpisodesButton],
    ['SubtitleAppearance', SubtitleAppearance],
  ] as const)(
    '%s plays',
    async (_name, Story) => {
      await Story.load();
      const { container } = render(<Story />);
      await Story.play?.({ canvasElement: container });
    },
    60_000,
  );
});
