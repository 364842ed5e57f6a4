import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';

import { PageMain } from '../src/components/layout/PageMain';

const meta = {
  title: 'Layout/PageMain',
  component: PageMain,
  args: {
    'aria-labelledby': 'page-title',
    children: (
      <>
        <h1 id="page-title">Account</h1>
        <p>A signed-in page's content, centred and clear of the fixed top bar.</p>
      </>
    ),
  },
} satisfies Meta<typeof PageMain>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The content width, starting below the 68 px top bar. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const main = within(canvasElement).getByRole('main', { name: 'Account' });
    await expect(
      main.getBoundingClientRect().top + Number.parseFloat(getComputedStyle(main).paddingTop),
    ).toBeGreaterThanOrEqual(68);
    await expect(getComputedStyle(main).maxWidth).toBe('950px');
  },
};

/** One form's width (Add Profile, Edit Profile). */
export const Narrow: Story = {
  args: { width: 'narrow' },
  play: async ({ canvasElement }) => {
    await expect(getComputedStyle(within(canvasElement).getByRole('main')).maxWidth).toBe('640px');
  },
};
