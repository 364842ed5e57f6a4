import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';

import { type AvatarId, AVATARS } from '../../shared/profiles/profile-options';
import { avatarLabel, AvatarPicker, type AvatarPickerProps } from '../../src/components/profiles/AvatarPicker';
import { inMain } from '../support/detail-fixtures';

/** Holds the choice as Add and Edit Profile do, so the arrow keys move it. */
function Controlled(props: AvatarPickerProps) {
  const [value, setValue] = useState<AvatarId | undefined>(props.value);
  return (
    <AvatarPicker
      {...props}
      value={value}
      onValueChange={(avatar) => {
        setValue(avatar);
        props.onValueChange(avatar);
      }}
    />
  );
}

const meta = {
  title: 'Profiles/AvatarPicker',
  component: AvatarPicker,
  args: { onValueChange: fn() },
  render: (args) => <Controlled {...args} />,
  decorators: [inMain],
} satisfies Meta<typeof AvatarPicker>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing chosen yet: every avatar is offered, none checked. */
export const NoneChosen: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const group = canvas.getByRole('group', { name: 'Avatar' });
    const radios = within(group).getAllByRole('radio');
    await expect(radios).toHaveLength(AVATARS.length);
    for (const radio of radios) await expect(radio).not.toBeChecked();
  },
};

/** A click picks one; the arrow keys move the choice, as a native radio group does. */
export const PickAndMove: Story = {
  args: { value: AVATARS[0] },
  play: async ({ args, canvasElement, step }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radio', { name: avatarLabel(AVATARS[0]) })).toBeChecked();
    await step('click the third avatar', async () => {
      await userEvent.click(canvas.getByRole('radio', { name: avatarLabel(AVATARS[2]) }));
      await expect(args.onValueChange).toHaveBeenLastCalledWith(AVATARS[2]);
      await expect(canvas.getByRole('radio', { name: avatarLabel(AVATARS[2]) })).toBeChecked();
    });
    await step('the right arrow moves to the next', async () => {
      await userEvent.keyboard('{ArrowRight}');
      await expect(args.onValueChange).toHaveBeenLastCalledWith(AVATARS[3]);
      await expect(canvas.getByRole('radio', { name: avatarLabel(AVATARS[3]) })).toHaveFocus();
    });
  },
};

/** While the form is saving: offered but not choosable. */
export const Disabled: Story = {
  args: { value: AVATARS[1], disabled: true },
  play: async ({ canvasElement }) => {
    for (const radio of within(canvasElement).getAllByRole('radio')) await expect(radio).toBeDisabled();
  },
};
