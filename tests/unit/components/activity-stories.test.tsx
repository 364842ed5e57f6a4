import { composeStories } from '@storybook/react';
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, it } from 'vitest';

import * as topTen from '../../../stories/browse/TopTenRow.stories';
import * as activity from '../../../stories/watching/ViewingActivity.stories';

// The Top 10 row's and the viewing activity page's stories, played in jsdom.
afterEach(cleanup);
// jsdom lays nothing out and has no scrollIntoView, which the row's arrow keys call.
beforeAll(() => {
  Element.prototype.scrollIntoView ??= () => {};
});

describe.each([
  ['TopTenRow', composeStories(topTen)],
  ['ViewingActivity', composeStories(activity)],
] as const)('%s stories', (_, composed) => {
  it.each(Object.entries(composed))('%s', async (_name, Story) => {
    const { container } = render(<Story />);
    await Story.play?.({ canvasElement: container });
  });
});
