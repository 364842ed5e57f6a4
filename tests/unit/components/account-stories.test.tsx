import { composeStories } from '@storybook/react';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, it } from 'vitest';

import * as credentials from '../../../stories/account/CredentialsForms.stories';
import * as devices from '../../../stories/account/DevicesList.stories';
import * as forgot from '../../../stories/account/ForgotPasswordForm.stories';
import * as card from '../../../stories/account/PaymentMethodPanel.stories';
import * as reset from '../../../stories/account/ResetPasswordForm.stories';

// The account recovery components' stories, played in jsdom: the test-runner plays them in Chromium too.
afterEach(cleanup);

describe.each([
  ['ForgotPasswordForm', composeStories(forgot)],
  ['ResetPasswordForm', composeStories(reset)],
  ['CredentialsForms', composeStories(credentials)],
  ['DevicesList', composeStories(devices)],
  ['PaymentMethodPanel', composeStories(card)],
] as const)('%s stories', (_, composed) => {
  it.each(Object.entries(composed))('%s', async (_name, Story) => {
    const { container } = render(<Story />);
    await Story.play?.({ canvasElement: container });
  });
});
