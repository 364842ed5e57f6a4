import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { StudioNav } from '../../src/components/studio/StudioNav';

const meta = {
  title: 'Studio/StudioNav',
  component: StudioNav,
  args: {
    items: [
      { href: '/studio', label: 'Library', current: true },
      { href: '/studio/uploads', label: 'Uploads', current: false },
      { href: '/studio/folders', label: 'Folders', current: false },
      { href: '/studio/operators', label: 'Operators', current: false },
    ],
    onNavigate: fn(),
  },
} satisfies Meta<typeof StudioNav>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The current page is marked for assistive technology; a plain click is the app's to follow. */
export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Studio' });
    await expect(within(nav).getByRole('link', { name: 'Library' })).toHaveAttribute('aria-current', 'page');
    await expect(within(nav).getByRole('link', { name: 'Folders' })).not.toHaveAttribute('aria-current');
    await userEvent.click(within(nav).getByRole('link', { name: 'Folders' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/studio/folders');
  },
};
