import { composeStories } from '@storybook/react';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, it } from 'vitest';

import * as kidsTopBar from '../../../stories/KidsTopBar.stories';
import * as profileForm from '../../../stories/profiles/ProfileForm.stories';

// The kids top bar's and "Kids?"'s stories, played in jsdom: the test-runner plays them in Chromium too.
afterEach(cleanup);

// Only these two: the meta's spies are shared by the composed stories, and others count calls.
const { AddKids, EditKids } = composeStories(profileForm);

describe.each([
  ['KidsTopBar', Object.entries(composeStories(kidsTopBar))],
  ['ProfileForm', Object.entries({ AddKids, EditKids })],
] as const)('%s stories', (_, stories) => {
  it.each(stories)('%s', async (_name, Story) => {
    const { container } = render(<Story />);
    await Story.play?.({ canvasElement: container });
  });
});
