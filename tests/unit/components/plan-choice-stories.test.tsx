import { composeStories } from '@storybook/react';
import { render } from '@testing-library/react';
import { describe, it } from 'vitest';

import * as stories from '../../../stories/plans/PlanChoice.stories';

// The plan choice's stories, played in jsdom: the test-runner plays them in Chromium too.
const composed = composeStories(stories);

describe('PlanChoice stories', () => {
  it.each(Object.entries(composed))(
    '%s',
    async (_, Story) => {
      const { container } = render(<Story />);
      await Story.play?.({ canvasElement: container });
    },
    15_000,
  );
});
