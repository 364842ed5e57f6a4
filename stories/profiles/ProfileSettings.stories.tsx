import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { DEFAULT_PROFILE_SETTINGS } from '../../shared/profiles/profile-settings';
import {
  ProfileLockForm,
  ProfileMaturityForm,
  ProfileSettingsForm,
} from '../../src/components/profiles/ProfileSettingsForm';

const meta = {
  title: 'Profiles/ProfileSettingsForm',
  component: ProfileSettingsForm,
  args: { settings: DEFAULT_PROFILE_SETTINGS, onSave: fn() },
} satisfies Meta<typeof ProfileSettingsForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Defaults: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('checkbox', { name: 'Autoplay next episode in a series' })).toBeChecked();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Autoplay previews while browsing' }));
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Display language' }), 'fr');
    await userEvent.click(canvas.getByRole('button', { name: 'Update settings' }));
    await expect(args.onSave).toHaveBeenCalledWith({ autoplayNext: true, autoplayPreviews: true, language: 'fr' });
  },
};

export const Saved: Story = { args: { savedMessage: 'Settings saved.' } };

/** Profile Lock: a PIN set with the account password. */
export const Lock: StoryObj<typeof ProfileLockForm> = {
  render: (args) => <ProfileLockForm {...args} />,
  args: { name: 'Ann', locked: false, pinToAdd: false, onChange: fn() },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Account password'), 'secret-password');
    await userEvent.type(canvas.getByLabelText('4-digit PIN'), '4321');
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Require this PIN to add new profiles' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Lock profile' }));
    await expect(args.onChange).toHaveBeenCalledWith({ password: 'secret-password', pin: '4321', pinToAdd: true });
  },
};

/** A locked profile: change the PIN, or remove the lock (password only). */
export const RemoveLock: StoryObj<typeof ProfileLockForm> = {
  render: (args) => <ProfileLockForm {...args} />,
  args: { name: 'Ann', locked: true, pinToAdd: false, onChange: fn() },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Remove the lock instead' }));
    await userEvent.type(canvas.getByLabelText('Account password'), 'secret-password');
    await userEvent.click(canvas.getByRole('button', { name: 'Remove lock' }));
    await expect(args.onChange).toHaveBeenCalledWith({ password: 'secret-password', pin: null, pinToAdd: false });
  },
};

/** Maturity rating: a profile that sees everything made a kids profile, with the account password. */
export const Maturity: StoryObj<typeof ProfileMaturityForm> = {
  render: (args) => <ProfileMaturityForm {...args} />,
  args: { name: 'Sam', level: '18+', onChange: fn() },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radio', { name: '18+ (everything)' })).toBeChecked();
    await userEvent.click(canvas.getByRole('radio', { name: '7+ (kids)' }));
    await userEvent.type(canvas.getByLabelText('Account password'), 'secret-password');
    await userEvent.click(canvas.getByRole('button', { name: 'Save maturity rating' }));
    await expect(args.onChange).toHaveBeenCalledWith({ password: 'secret-password', level: '7+' });
  },
};

/** A kids profile says so. */
export const KidsProfile: StoryObj<typeof ProfileMaturityForm> = {
  render: (args) => <ProfileMaturityForm {...args} />,
  args: { name: 'Sam', level: '7+', onChange: fn() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('A kids profile: Sam is shown only titles rated 7+ and below.')).toBeVisible();
    await expect(canvas.getByRole('radio', { name: '7+ (kids)' })).toBeChecked();
  },
};
