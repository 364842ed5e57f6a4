import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';

import { TextField } from '../src/components/TextField';

const meta = {
  title: 'Components/TextField',
  component: TextField,
  args: { label: 'Email', type: 'email', name: 'email' },
  decorators: [
    (Story) => (
      <div style={{ width: 360, padding: 24 }}>
        <Story />
      </div>
    ),
  ],
  // A lone field is a fragment: in the app it is inside a form and a main landmark, so the
  // "all content in landmarks" rule has nothing to check here.
  parameters: { a11y: { config: { rules: [{ id: 'region', enabled: false }] } } },
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('Email');
    await userEvent.type(input, 'ann@example.com');
    await expect(input).toHaveValue('ann@example.com');
  },
};

export const Filled: Story = { args: { defaultValue: 'ann@example.com' } };

export const Invalid: Story = { args: { defaultValue: 'not-an-email', 'aria-invalid': true } };
