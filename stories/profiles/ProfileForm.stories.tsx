import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { MAX_PROFILES } from '../../shared/profiles/profile-rules';
import { ProfileForm, ProfileLimitReached } from '../../src/components/profiles/ProfileForm';

const meta = {
  title: 'Profiles/ProfileForm',
  component: ProfileForm,
  args: { mode: 'add', onSubmit: fn(), onCancel: fn(), onDelete: fn() },
} satisfies Meta<typeof ProfileForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Add: Story = {
  play: async ({ args, canvasElement, step }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Add Profile' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Delete profile' })).toBeNull();
    await step('type a name and continue', async () => {
      await userEvent.type(canvas.getByLabelText('Name'), 'Kids');
      await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
      await expect(args.onSubmit).toHaveBeenCalledWith('Kids', undefined, undefined);
    });
    await step('Cancel', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
      await expect(args.onCancel).toHaveBeenCalledTimes(1);
    });
  },
};

/** "Kids?" ticked: a kids profile (7+), with no password. */
export const AddKids: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Name'), 'Robin');
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Kids?' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await expect(args.onSubmit).toHaveBeenCalledWith('Robin', undefined, undefined, true);
  },
};

/** A kids profile in Edit Profile: "Kids?" stays ticked; leaving Kids is a higher maturity rating, with the password. */
export const EditKids: Story = {
  args: { mode: 'edit', id: 'p0q81m', defaultName: 'Robin', defaultKids: true },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const kids = canvas.getByRole('checkbox', { name: 'Kids?' });
    await expect(kids).toBeChecked();
    await expect(kids).toBeDisabled();
    await expect(kids).toHaveAccessibleDescription(/To leave Kids, choose a higher maturity rating/);
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(args.onSubmit).toHaveBeenCalledWith('Robin', undefined, undefined);
  },
};

/** docs/spec.md §5: permissive — even an empty name goes to the server, which answers. */
export const AddSubmitsEmpty: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Continue' }));
    await expect(args.onSubmit).toHaveBeenCalledWith('', undefined, undefined);
  },
};

export const Edit: Story = {
  args: { mode: 'edit', id: 'p0q81m', defaultName: 'Bob' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Edit Profile' })).toBeVisible();
    const name = canvas.getByLabelText('Name');
    await expect(name).toHaveValue('Bob');
    await userEvent.clear(name);
    await userEvent.type(name, 'Robert{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledWith('Robert', undefined, undefined);
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(args.onSubmit).toHaveBeenCalledTimes(2);
  },
};

export const DeleteConfirmation: Story = {
  args: { mode: 'edit', id: 'p0q81m', defaultName: 'Bob' },
  play: async ({ args, canvasElement, step }) => {
    const canvas = within(canvasElement);
    await step('Delete profile asks first, focusing the safe choice', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Delete profile' }));
      const group = canvas.getByRole('group', { name: 'Confirm deletion' });
      await expect(group).toHaveTextContent('Delete Bob? This cannot be undone.');
      await waitFor(() => expect(within(group).getByRole('button', { name: 'Keep profile' })).toHaveFocus());
      await expect(args.onDelete).not.toHaveBeenCalled();
    });
    await step('Keep profile hides the question', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Keep profile' }));
      await expect(canvas.queryByRole('group', { name: 'Confirm deletion' })).toBeNull();
      await expect(args.onDelete).not.toHaveBeenCalled();
      await waitFor(() => expect(canvas.getByRole('button', { name: 'Delete profile' })).toHaveFocus());
    });
    await step('Delete confirms', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Delete profile' }));
      const group = canvas.getByRole('group', { name: 'Confirm deletion' });
      await userEvent.click(within(group).getByRole('button', { name: 'Delete' }));
      await expect(args.onDelete).toHaveBeenCalledTimes(1);
    });
  },
};

export const Busy: Story = {
  args: { mode: 'edit', id: 'p0q81m', defaultName: 'Bob', status: 'busy' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Save' })).toBeDisabled();
    await expect(canvas.getByLabelText('Name')).toHaveAttribute('readonly');
  },
};

export const WithError: Story = {
  args: {
    mode: 'edit',
    id: 'p0q81m',
    defaultName: 'Bob',
    status: 'error',
    error: 'A profile with this name already exists.',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('A profile with this name already exists.');
    await expect(canvas.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByLabelText('Name')).toHaveAccessibleDescription('A profile with this name already exists.');
  },
};

/** Add Profile at the account's limit: said up front, the way back offered, no form. */
export const AtTheLimit: Story = {
  render: (args) => <ProfileLimitReached limit={MAX_PROFILES} onBack={args.onCancel} />,
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(new RegExp(`has ${MAX_PROFILES} profiles, the most it can have`))).toBeVisible();
    await expect(canvas.queryByRole('textbox')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Back to profiles' }));
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
  },
};

/** An avatar is chosen from the generated ones and submitted with the name. */
export const ChooseAvatar: Story = {
  args: { mode: 'edit', id: 'p0q81m', defaultName: 'Bob', defaultAvatar: 'blue-smile' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radio', { name: 'Blue, smiling' })).toBeChecked();
    await userEvent.click(canvas.getByRole('radio', { name: 'Teal, calm' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(args.onSubmit).toHaveBeenCalledWith('Bob', 'teal-calm', undefined);
  },
};
