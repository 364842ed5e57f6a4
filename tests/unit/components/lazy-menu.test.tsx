import { act, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import { chunkLoader } from '../../../src/chunk-loader';
import { type LoadedMenuProps, useLazyMenu } from '../../../src/components/lazy-menu';
import { ProfileMenuDropdown } from '../../../src/components/profiles/ProfileMenuParts';
import { userEvent } from '../support/user-event';

const PROFILES = [
  { id: 'a1', name: 'Ann', activeProfile: true },
  { id: 'b2', name: 'Bob', activeProfile: false },
];

/** A download that finishes when the test says so, as a slow network would. */
function gatedLoader() {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const load = vi.fn(() => gate.then(() => ProfileMenuDropdown as React.ComponentType<MenuProps>));
  return { loader: chunkLoader(load), load, finish: () => act(async () => open()) };
}

type MenuProps = React.ComponentProps<typeof ProfileMenuDropdown> & LoadedMenuProps;

/** The profile menu as ProfileMenu wires it, with the download under the test's control. */
function Menu({
  loader,
  onOpenChange,
}: {
  loader: ReturnType<typeof gatedLoader>['loader'];
  onOpenChange?: (open: boolean) => void;
}) {
  const { Menu: Loaded, menuProps, fallback, triggerRef } = useLazyMenu(loader, { onOpenChange }, null);
  const button = (
    <button {...(Loaded ? {} : fallback)} ref={triggerRef} aria-label="Profile menu for Ann">
      Ann
    </button>
  );
  if (!Loaded) return button;
  return (
    <Loaded
      {...menuProps}
      trigger={button}
      profiles={PROFILES}
      onProfileClick={vi.fn()}
      onSwitchProfiles={vi.fn()}
      onAddProfile={vi.fn()}
      onAccount={vi.fn()}
      onSignOut={vi.fn()}
    />
  );
}

beforeAll(() => {
  // Radix measures the trigger for the menu's position; jsdom has no ResizeObserver.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

describe('useLazyMenu', () => {
  it('shows the menu button at once, named and marked as a closed menu button', () => {
    const { loader } = gatedLoader();
    render(<Menu loader={loader} />);
    const button = screen.getByRole('button', { name: 'Profile menu for Ann' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens on Enter pressed before the menu loaded, with focus on the first item once it has', async () => {
    const { loader, finish } = gatedLoader();
    const onOpenChange = vi.fn();
    render(<Menu loader={loader} onOpenChange={onOpenChange} />);
    screen.getByRole('button', { name: 'Profile menu for Ann' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(onOpenChange).toHaveBeenLastCalledWith(true);
    expect(screen.queryByRole('menu')).toBeNull();

    await finish();
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Bob' })).toHaveFocus());
    expect(menu).toContainElement(screen.getByRole('menuitem', { name: 'Sign Out' }));
    expect(screen.getByRole('button', { name: 'Profile menu for Ann' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('hands the focus the plain button had to the loaded one', async () => {
    const { loader, load, finish } = gatedLoader();
    render(<Menu loader={loader} />);
    screen.getByRole('button', { name: 'Profile menu for Ann' }).focus();
    // Focus alone starts the download.
    expect(load).toHaveBeenCalledTimes(1);
    await finish();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Profile menu for Ann' })).toHaveAttribute('id'));
    expect(screen.getByRole('button', { name: 'Profile menu for Ann' })).toHaveFocus();
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('a menu mounted while another downloaded opens at a press after the download', async () => {
    // The player's Quality menu mounts once the levels are known, while the Subtitles menu's
    // download is under way; Quality's idle callback comes after the download has finished.
    const idle: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idle.push(callback));
    try {
      const { loader, load, finish } = gatedLoader();
      render(<Menu loader={loader} />);
      render(<Menu loader={loader} />);
      act(() => void loader.preload());
      await finish();
      await act(async () => idle.forEach((callback) => callback({ didTimeout: false, timeRemaining: () => 10 })));
      const [, second] = screen.getAllByRole('button', { name: 'Profile menu for Ann' });
      // The loaded menu's button (Radix gives it an id) has replaced the plain one.
      expect(second).toHaveAttribute('id');
      await userEvent.click(second);
      expect(await screen.findByRole('menu')).toContainElement(screen.getByRole('menuitem', { name: 'Sign Out' }));
      expect(load).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('tries the download again after one failed', async () => {
    const load = vi
      .fn<() => Promise<React.ComponentType<MenuProps>>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce(ProfileMenuDropdown as React.ComponentType<MenuProps>);
    const loader = chunkLoader(load);
    expect(await loader.preload()).toBeUndefined();
    expect(await loader.preload()).toBe(ProfileMenuDropdown);
    expect(loader.current).toBe(ProfileMenuDropdown);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
