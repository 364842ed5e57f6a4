import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { type ComponentPropsWithoutRef, type ElementRef, forwardRef, type ReactElement } from 'react';

import type { LoadedMenuProps } from '../lazy-menu';
import { keyframes, styled } from '../stitches.config';
import type { ProfileMenuProps } from './profile-menu-props';
import { ProfileAvatar } from './ProfileAvatar';

// The profile menu's Radix half, a chunk of its own that ProfileMenu loads when it is wanted
// (docs/decisions.md, "Lazy menus and the signed-in chunks").

const slideDown = keyframes({
  from: { opacity: 0, transform: 'translateY(-4px)' },
  to: { opacity: 1, transform: 'translateY(0)' },
});

// ---- Radix parts, wrapped one by one and keeping their names ----

export const ProfileMenuRoot = DropdownMenu.Root;

/** Takes ProfileMenu's own button (asChild), so that the button looks the same before and after this loads. */
export const ProfileMenuTrigger = DropdownMenu.Trigger;

const StyledContent = styled(DropdownMenu.Content, {
  zIndex: '$overlay',
  minWidth: '220px',
  padding: '$2 0',
  backgroundColor: 'rgba(0, 0, 0, 0.92)',
  border: '1px solid rgba(255, 255, 255, 0.15)',
  borderRadius: '$1',
  boxShadow: '0 8px 24px rgba(0, 0, 0, 0.6)',
  color: '$text',
  fontFamily: '$body',
  fontSize: '$1',
  '&[data-state="open"]': { animation: `${slideDown} 150ms ease-out` },
  '@reducedMotion': { '&[data-state="open"]': { animation: 'none' } },
});

/**
 * DropdownMenu.Content on a dark surface; the ref reaches Content. It renders in place, not in a
 * Portal, so the open menu stays inside the top bar's banner landmark (axe's "region" rule: a
 * portal at the end of <body> is content outside every landmark). Radix positions it with
 * `position: fixed`, so the place in the tree does not change where it shows.
 */
export const ProfileMenuContent = forwardRef<
  ElementRef<typeof DropdownMenu.Content>,
  ComponentPropsWithoutRef<typeof StyledContent>
>(({ sideOffset = 8, align = 'end', ...props }, ref) => (
  <StyledContent ref={ref} sideOffset={sideOffset} align={align} {...props} />
));
ProfileMenuContent.displayName = 'ProfileMenuContent';

export const ProfileMenuItem = styled(DropdownMenu.Item, {
  display: 'flex',
  alignItems: 'center',
  gap: '$3',
  padding: '$2 $4',
  minHeight: '36px',
  cursor: 'pointer',
  userSelect: 'none',
  outline: 'none',
  '&[data-highlighted]': { textDecoration: 'underline', backgroundColor: 'rgba(255, 255, 255, 0.08)' },
  '&[data-disabled]': { opacity: 0.5, cursor: 'default' },
});

export const ProfileMenuSeparator = styled(DropdownMenu.Separator, {
  height: '1px',
  margin: '$2 0',
  backgroundColor: 'rgba(255, 255, 255, 0.25)',
});

// ---- The composed menu ----

export type ProfileMenuDropdownProps = Omit<ProfileMenuProps, 'open' | 'defaultOpen' | 'onOpenChange'> &
  LoadedMenuProps & {
    /** ProfileMenu's button, the same as before this loaded: Radix's trigger takes it as its child. */
    trigger: ReactElement;
  };

/**
 * The loaded profile menu: Radix gives it the keyboard (arrows, Enter, Escape, typeahead) and
 * focus return. Open state comes from ProfileMenu, which shows the same button before this loads.
 */
export function ProfileMenuDropdown({
  profiles,
  open,
  onOpenChange,
  onContentFocus,
  trigger,
  onProfileClick,
  onSwitchProfiles,
  onAddProfile,
  onMyList,
  onAccount,
  onStudio,
  onSignOut,
}: ProfileMenuDropdownProps) {
  const active = profiles.find((profile) => profile.activeProfile);
  // The menu offers only the profiles to switch to, never the one already watching.
  const others = profiles.filter((profile) => profile !== active);
  return (
    // Not modal, as the menu button pattern has it: Radix's modal mode sets aria-hidden on the
    // whole app while the menu is open, leaving the hidden page's controls focusable (axe's
    // aria-hidden-focus) and the page without its main landmark and heading. Arrows, Escape,
    // Tab staying in the menu, outside clicks and focus return work the same.
    <ProfileMenuRoot modal={false} open={open} onOpenChange={onOpenChange}>
      <ProfileMenuTrigger asChild>{trigger}</ProfileMenuTrigger>
      <ProfileMenuContent onFocus={onContentFocus}>
        {others.map((profile) => (
          <ProfileMenuItem key={profile.id} onSelect={() => onProfileClick(profile.id)}>
            <ProfileAvatar id={profile.id} name={profile.name} avatar={profile.avatar} size="sm" />
            {profile.name}
          </ProfileMenuItem>
        ))}
        {others.length > 0 && <ProfileMenuSeparator />}
        {profiles.length > 0 ? (
          <ProfileMenuItem onSelect={onSwitchProfiles}>Switch Profiles</ProfileMenuItem>
        ) : (
          <ProfileMenuItem onSelect={onAddProfile}>Add Profile</ProfileMenuItem>
        )}
        {onMyList && <ProfileMenuItem onSelect={onMyList}>My List</ProfileMenuItem>}
        {onAccount && <ProfileMenuItem onSelect={onAccount}>Account</ProfileMenuItem>}
        {onStudio && <ProfileMenuItem onSelect={onStudio}>Studio</ProfileMenuItem>}
        {onSignOut && <ProfileMenuSeparator />}
        {onSignOut && <ProfileMenuItem onSelect={onSignOut}>Sign Out</ProfileMenuItem>}
      </ProfileMenuContent>
    </ProfileMenuRoot>
  );
}
