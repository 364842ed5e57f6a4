import type { Meta, StoryObj } from '@storybook/react-vite';
import { type ComponentPropsWithRef, forwardRef } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { AudioMenu } from '../../src/components/watching/AudioMenu';
import { preloadChoiceMenu } from '../../src/components/watching/ChoiceMenu';
import { ControlButton } from '../../src/components/watching/player-buttons';

const MAIN = { id: 0, name: 'English', language: 'en', describes: false };
const DESCRIBED = { id: 1, name: 'English – Audio Description', language: 'en', describes: true };

const TriggerButton = forwardRef<HTMLButtonElement, ComponentPropsWithRef<'button'>>((props, ref) => (
  <ControlButton ref={ref} {...props} />
));
TriggerButton.displayName = 'TriggerButton';

/** The player's Audio menu on the player's own black, at the bottom right as in the control bar. */
const meta = {
  title: 'Watching/AudioMenu',
  component: AudioMenu,
  // The menu's Radix half is a chunk of its own: loaded before the story renders.
  loaders: [async () => ({ menu: await preloadChoiceMenu() })],
  parameters: { backgrounds: { disable: true } },
  decorators: [
    (Story) => (
      <main
        style={{ background: '#000', color: '#fff', minHeight: 260, padding: 24, display: 'flex', alignItems: 'end' }}
      >
        <div style={{ marginLeft: 'auto' }}>
          <Story />
        </div>
      </main>
    ),
  ],
  args: { tracks: [MAIN, DESCRIBED], value: 0, onValueChange: fn(), onOpenChange: fn(), TriggerButton },
} satisfies Meta<typeof AudioMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** Closed, the soundtrack playing: the button names it. */
export const Closed: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Audio: English' })).toBeVisible();
  },
};

/** Open: the renditions by language and kind, the one playing checked; choosing reports its id. */
export const Open: Story = {
  args: { open: true },
  play: async ({ args }) => {
    const menu = await body().findByRole('menu');
    await expect(menu).toHaveTextContent(/^Audio/);
    await expect(within(menu).getByRole('menuitemradio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: 'English – Audio Description' }));
    await expect(args.onValueChange).toHaveBeenCalledWith(1);
  },
};

/** By keyboard: Enter opens it on the first item, ArrowDown and Enter choose the described track. */
export const ByKeyboard: Story = {
  play: async ({ args, canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Audio: English' });
    await waitFor(() => expect(trigger).toHaveAttribute('id'));
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await body().findByRole('menu');
    await waitFor(() => expect(menu.querySelector('[role="menuitemradio"]')).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onValueChange).toHaveBeenCalledWith(1);
  },
};

/** The described track playing: the button and the checked item say so. */
export const DescribedPlaying: Story = {
  args: { value: 1, open: true },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('button', { name: 'Audio: English – Audio Description' }),
    ).toBeInTheDocument();
    const menu = await body().findByRole('menu');
    await expect(within(menu).getByRole('menuitemradio', { name: 'English – Audio Description' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  },
};

/** Before hls.js reports what plays: "Audio" alone, nothing checked. */
export const NotYetKnown: Story = {
  args: { value: -1 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Audio' })).toBeVisible();
  },
};

/** A programme with one rendition: no menu, nothing to choose. */
export const SingleTrack: Story = {
  args: { tracks: [MAIN] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button', { name: /Audio/ })).toBeNull();
  },
};
