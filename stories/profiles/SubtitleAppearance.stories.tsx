import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { DEFAULT_SUBTITLE_STYLE } from '../../shared/profiles/profile-options';
import { SubtitleAppearanceForm } from '../../src/components/profiles/SubtitleAppearanceForm';

const meta = {
  title: 'Profiles/SubtitleAppearanceForm',
  component: SubtitleAppearanceForm,
  args: { value: DEFAULT_SUBTITLE_STYLE, onSave: fn() },
} satisfies Meta<typeof SubtitleAppearanceForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The defaults: medium white text on a semi-transparent box; large and yellow chosen and saved. */
export const Defaults: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radio', { name: 'Medium' })).toBeChecked();
    await userEvent.click(canvas.getByRole('radio', { name: 'Large' }));
    await userEvent.click(canvas.getByRole('radio', { name: 'Yellow' }));
    await expect(
      canvas.getByRole('img', { name: 'Subtitle preview: Large, Yellow text, Semi-transparent black background' }),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Save subtitle appearance' }));
    await expect(args.onSave).toHaveBeenCalledWith({ size: 'large', color: 'yellow', background: 'semi' });
  },
};

/** Small cyan text with no box behind it. */
export const SmallCyanNoBackground: Story = { args: { value: { size: 'small', color: 'cyan', background: 'none' } } };

export const Saving: Story = { args: { status: 'busy' } };

export const Saved: Story = {
  args: { value: { size: 'large', color: 'yellow', background: 'black' }, savedMessage: 'Subtitle appearance saved.' },
};
