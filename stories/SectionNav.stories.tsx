import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { preloadSectionNavMenu, SectionNav } from '../src/components/layout/SectionNav';
import { SectionNavMenu } from '../src/components/layout/SectionNavMenu';
import { TOP_BAR_CONTAINER } from '../src/components/layout/TopBar';
import { playLoadedMenu } from './support/lazy-menu-play';

const ITEMS = [
  { label: 'Home', href: '/', current: false },
  { label: 'TV Shows', href: '/tv', current: true },
  { label: 'Films', href: '/films', current: false },
  { label: 'New & Popular', href: '/new', current: false },
  { label: 'My List', href: '/my-list', current: false },
];

/** A top bar's width: SectionNav adapts to the bar it sits in (a size container), not to the window. */
const inBarOf = (width: number) => (Story: () => React.JSX.Element) => (
  <header
    style={{
      containerType: 'inline-size',
      containerName: TOP_BAR_CONTAINER,
      width,
      minHeight: 340,
      padding: '16px 24px',
      boxSizing: 'border-box',
      background: '#141414',
    }}
  >
    <Story />
  </header>
);

const meta = {
  title: 'Layout/SectionNav',
  component: SectionNav,
  // The menu's Radix half is a chunk of its own (docs/decisions.md, "Lazy menus and the signed-in
  // chunks"): loaded before the story renders, so the play functions drive the menu as a viewer
  // finds it once the page has settled.
  loaders: [async () => ({ menu: await preloadSectionNavMenu() })],
  args: { items: ITEMS, onNavigate: fn(), onOpenChange: fn() },
} satisfies Meta<typeof SectionNav>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 1440 px: the five sections as links side by side; the current one says so. */
export const Wide: Story = {
  decorators: [inBarOf(1440)],
  play: async ({ args, canvasElement, step }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Sections' });
    const links = within(nav).getAllByRole('link');
    await step('Every section is a link, TV Shows the current page; no Browse menu', async () => {
      await expect(links.map((link) => link.textContent)).toEqual(ITEMS.map((item) => item.label));
      await expect(within(nav).getByRole('link', { name: 'TV Shows' })).toHaveAttribute('aria-current', 'page');
      await expect(within(nav).getByRole('link', { name: 'Films' })).not.toHaveAttribute('aria-current');
      await expect(within(nav).getByRole('link', { name: 'Films' })).toHaveAttribute('href', '/films');
      await expect(within(nav).queryByRole('button', { name: 'Browse' })).toBeNull();
    });
    await step('A click, or Tab and Enter, goes to the section', async () => {
      await userEvent.click(within(nav).getByRole('link', { name: 'New & Popular' }));
      await expect(args.onNavigate).toHaveBeenLastCalledWith('/new');
      within(nav).getByRole('link', { name: 'Films' }).focus();
      await userEvent.keyboard('{Tab}{Enter}');
      await expect(args.onNavigate).toHaveBeenLastCalledWith('/new');
      await userEvent.keyboard('{Tab}{Enter}');
      await expect(args.onNavigate).toHaveBeenLastCalledWith('/my-list');
    });
  },
};

/** 375 px: one "Browse" menu button; its menu lists the same sections. */
export const Narrow: Story = {
  decorators: [inBarOf(375)],
  play: async ({ args, canvasElement, step }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole('button', { name: 'Browse' });
    await step('Only the Browse button shows, closed', async () => {
      await expect(canvas.queryByRole('link', { name: 'Films' })).toBeNull();
      await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    });
    await step('Enter opens the menu on the first section; the current one is marked', async () => {
      trigger.focus();
      await userEvent.keyboard('{Enter}');
      const menu = await canvas.findByRole('menu');
      await expect(args.onOpenChange).toHaveBeenLastCalledWith(true);
      const items = within(menu).getAllByRole('menuitem');
      await expect(items.map((item) => item.textContent)).toEqual(ITEMS.map((item) => item.label));
      await expect(within(menu).getByRole('menuitem', { name: 'TV Shows' })).toHaveAttribute('aria-current', 'page');
      await waitFor(() => expect(items[0]).toHaveFocus());
    });
    await step('Arrows and Enter choose Films; the menu closes and focus returns to Browse', async () => {
      await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
      await expect(args.onNavigate).toHaveBeenLastCalledWith('/films');
      await waitFor(() => expect(canvas.queryByRole('menu')).toBeNull());
      await waitFor(() => expect(trigger).toHaveFocus());
    });
  },
};

/** 375 px: the Browse menu's loaded half, SectionNavMenu.tsx, by keyboard and by pointer. */
export const NarrowLoadedHalf: Story = {
  name: 'Narrow, loaded half (SectionNavMenu)',
  decorators: [inBarOf(375)],
  play: async (context) => {
    await playLoadedMenu(context, SectionNavMenu, 'Browse');
    await expect(context.args.onNavigate).not.toHaveBeenCalled();
  },
};

/** 375 px with the menu open, for a look at it (and axe on the open menu). */
export const NarrowOpen: Story = {
  decorators: [inBarOf(375)],
  args: { defaultOpen: true },
  play: async ({ args, canvasElement }) => {
    const menu = await within(canvasElement).findByRole('menu');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'My List' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/my-list');
  },
};
