import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { preloadProfileMenu, ProfileMenu } from '../../src/components/profiles/ProfileMenu';
import { ProfileMenuDropdown } from '../../src/components/profiles/ProfileMenuParts';
import { playLoadedMenu } from '../support/lazy-menu-play';

const THREE = [
  { id: 'k3j9x2', name: 'Ann', activeProfile: true },
  { id: 'p0q81m', name: 'Bob', activeProfile: false },
  { id: 'z7c4rt', name: 'Kids', activeProfile: false },
];

const meta = {
  title: 'Profiles/ProfileMenu',
  component: ProfileMenu,
  // The menu's Radix half (ProfileMenuParts) is a chunk of its own (docs/decisions.md, "Lazy menus and the signed-in
  // chunks"): loaded before the story renders, so the play functions drive the menu as a viewer
  // finds it once the page has settled.
  loaders: [async () => ({ menu: await preloadProfileMenu() })],
  args: {
    profiles: THREE,
    activeName: 'Ann',
    onOpenChange: fn(),
    onProfileClick: fn(),
    onSwitchProfiles: fn(),
    onAddProfile: fn(),
    onAccount: fn(),
    onSignOut: fn(),
  },
  // Placed like the top bar's right-hand side, with room below for the menu.
  decorators: [
    (Story) => (
      <div
        style={{
          display: 'flex',
          alignItems: 'flex-start',
          justifyContent: 'flex-end',
          padding: '16px 48px',
          minHeight: 420,
          background: '#141414',
        }}
      >
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ProfileMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

// The open menu renders in place (ProfileMenuContent); the document body finds it either way.
const screen = () => within(document.body);

/** The menu's loaded half, ProfileMenuParts.tsx's ProfileMenuDropdown, by keyboard and by pointer. */
export const LoadedHalf: Story = {
  name: 'Loaded half (ProfileMenuParts)',
  play: (context) => playLoadedMenu(context, ProfileMenuDropdown, 'Profile menu for Ann'),
};

export const Closed: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Profile menu for Ann' });
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(trigger).toHaveTextContent('Ann');
    await expect(screen().queryByRole('menu')).toBeNull();
  },
};

/** Keyboard only: Enter opens, arrows move, Enter chooses. Only the other profiles are offered. */
export const Open: Story = {
  play: async ({ args, canvasElement, step }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Profile menu for Ann' });
    await step('Enter on the focused trigger opens the menu', async () => {
      trigger.focus();
      await userEvent.keyboard('{Enter}');
      const menu = await screen().findByRole('menu');
      await expect(trigger).toHaveAttribute('data-state', 'open');
      await expect(args.onOpenChange).toHaveBeenLastCalledWith(true);
      const names = within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent);
      await expect(names).toEqual(['Bob', 'Kids', 'Switch Profiles', 'Account', 'Sign Out']);
      await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Bob' })).toHaveFocus());
    });
    await step('ArrowDown moves to Account', async () => {
      const menu = screen().getByRole('menu');
      await userEvent.keyboard('{ArrowDown}');
      await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Kids' })).toHaveFocus());
      await userEvent.keyboard('{ArrowDown}{ArrowDown}');
      const account = within(menu).getByRole('menuitem', { name: 'Account' });
      await waitFor(() => expect(account).toHaveFocus());
      await expect(account).toHaveAttribute('data-highlighted');
    });
    await step('Enter on Account calls onAccount and closes', async () => {
      await userEvent.keyboard('{Enter}');
      await expect(args.onAccount).toHaveBeenCalledTimes(1);
      await expect(args.onProfileClick).not.toHaveBeenCalled();
      await waitFor(() => expect(screen().queryByRole('menu')).toBeNull());
      await waitFor(() => expect(trigger).toHaveFocus());
    });
  },
};

/** Opened from the start (uncontrolled `defaultOpen`): another profile's name reports its id. */
export const DefaultOpen: Story = {
  args: { defaultOpen: true },
  play: async ({ args }) => {
    const menu = await screen().findByRole('menu');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Bob' }));
    await expect(args.onProfileClick).toHaveBeenCalledWith('p0q81m');
  },
};

/** Escape closes and Sign Out reports. */
export const SignOut: Story = {
  args: { defaultOpen: true },
  play: async ({ args, canvasElement, step }) => {
    await step('Escape closes', async () => {
      await screen().findByRole('menu');
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(screen().queryByRole('menu')).toBeNull());
    });
    await step('Sign Out', async () => {
      await userEvent.click(within(canvasElement).getByRole('button', { name: 'Profile menu for Ann' }));
      const menu = await screen().findByRole('menu');
      await userEvent.click(within(menu).getByRole('menuitem', { name: 'Sign Out' }));
      await expect(args.onSignOut).toHaveBeenCalledTimes(1);
    });
  },
};

/** With only the active profile there is no one to switch to: no profile items, Switch Profiles stays. */
export const OneProfile: Story = {
  args: { profiles: [THREE[0]!], defaultOpen: true },
  play: async ({ args }) => {
    const menu = await screen().findByRole('menu');
    const names = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    await expect(names).toEqual(['Switch Profiles', 'Account', 'Sign Out']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Switch Profiles' }));
    await expect(args.onSwitchProfiles).toHaveBeenCalledTimes(1);
    await expect(args.onProfileClick).not.toHaveBeenCalled();
  },
};

export const NoProfiles: Story = {
  args: { profiles: [], activeName: undefined, defaultOpen: true },
  play: async ({ args, canvasElement }) => {
    const menu = await screen().findByRole('menu');
    const names = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    await expect(names).toEqual(['Add Profile', 'Account', 'Sign Out']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Add Profile' }));
    await expect(args.onAddProfile).toHaveBeenCalledTimes(1);
    await expect(args.onSwitchProfiles).not.toHaveBeenCalled();
    // Once closed, focus is back on the trigger, named without a profile.
    await waitFor(() => expect(within(canvasElement).getByRole('button', { name: 'Profile menu' })).toHaveFocus());
  },
};
