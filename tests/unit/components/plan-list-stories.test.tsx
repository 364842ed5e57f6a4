import { composeStories } from '@storybook/react';
import { render } from '@testing-library/react';
import { describe, it } from 'vitest';

import * as stories from '../../../stories/plans/PlanList.stories';

// The plan list's stories, played in jsdom: the test-runner plays them in Chromium too.
const composed = composeStories(stories);

describe('PlanList stories', () => {
  // The first story pays jsdom's and Stitches' warm-up: more than 5 s on a loaded machine.
  it.each(Object.entries(composed))(
    '%s',
    async (_, Story) => {
      const { container } = render(<Story />);
      await Story.play?.({ canvasElement: container });
    },
    15_000,
  );
});
