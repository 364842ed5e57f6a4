import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';

import { Alert } from '../src/components/feedback/Alert';

const meta = {
  title: 'Feedback/Alert',
  component: Alert,
  decorators: [
    (Story) => (
      <div style={{ width: 360, padding: 24 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Alert>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithMessage: Story = {
  args: { children: 'That user does not exist. Please try again.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'That user does not exist. Please try again.',
    );
  },
};

/** With no message the live region stays in the page, empty and invisible. */
export const Empty: Story = {
  args: { children: null },
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('alert', { hidden: true });
    await expect(region).toBeEmptyDOMElement();
  },
};
