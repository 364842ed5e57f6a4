import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { OperatorList } from '../../src/components/studio/OperatorList';

const meta = {
  title: 'Studio/OperatorList',
  component: OperatorList,
  decorators: [
    (Story) => (
      <main>
        <Story />
      </main>
    ),
  ],
  args: {
    operators: [
      { uid: 'a', email: 'owner@example.com' },
      { uid: 'b', email: 'editor@example.com' },
    ],
    status: 'idle',
    onGrant: fn(),
    onRevoke: fn(),
  },
} satisfies Meta<typeof OperatorList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Operators: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Revoke editor@example.com' }));
    await expect(args.onRevoke).toHaveBeenCalledWith('b');
    await userEvent.type(canvas.getByRole('textbox', { name: 'E-mail of an account' }), 'viewer@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Make operator' }));
    await expect(args.onGrant).toHaveBeenCalledWith('viewer@example.com');
  },
};

/** The last operator cannot be revoked. */
export const LastOperator: Story = {
  args: { operators: [{ uid: 'a', email: 'owner@example.com' }] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Revoke owner@example.com' })).toBeDisabled();
  },
};

export const Refused: Story = {
  args: { status: 'error', error: 'No account has that e-mail address. They must sign up first.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('They must sign up first');
  },
};
