import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { type ComponentPropsWithoutRef, type ElementRef, forwardRef } from 'react';

import { keyframes, styled } from '../stitches.config';
import { ProfileAvatar } from './ProfileAvatar';
import type { ProfileSummary } from './ProfileGrid';

const slideDown = keyframes({
  from: { opacity: 0, transform: 'translateY(-4px)' },
  to: { opacity: 1, transform: 'translateY(0)' },
});

const Caret = styled('svg', {
  flexShrink: 0,
  transition: 'transform 150ms ease',
  '@reducedMotion': { transition: 'none' },
});

// ---- Radix parts, wrapped one by one and keeping their names ----

export const ProfileMenuRoot = DropdownMenu.Root;

export const ProfileMenuTrigger = styled(DropdownMenu.Trigger, {
  all: 'unset',
  boxSizing: 'border-box',
  display: 'inline-flex',
  alignItems: 'center',
  gap: '$2',
  padding: '$1',
  borderRadius: '$2',
  color: '$text',
  fontFamily: '$body',
  fontSize: '$1',
  cursor: 'pointer',
  '&:focus-visible': { outline: '2px solid $focus', outlineOffset: '2px' },
  [`&[data-state="open"] ${Caret}`]: { transform: 'rotate(180deg)' },
});

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

const TriggerName = styled('span', {
  display: 'none',
  maxWidth: '120px',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  '@phoneWide': { display: 'inline' },
});

const CaretIcon = () => (
  <Caret aria-hidden="true" width="10" height="10" viewBox="0 0 10 10" fill="currentColor">
    <path d="M0 3h10L5 8z" />
  </Caret>
);

// ---- The composed menu ----

export interface ProfileMenuProps {
  profiles: ProfileSummary[];
  /** The active profile's name, shown in the trigger. */
  activeName?: string;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Another profile was chosen: the screen makes it the active one (docs/spec.md §2). */
  onProfileClick: (id: string) => void;
  onSwitchProfiles: () => void;
  /** Offered instead of 'Switch Profiles' while there are no profiles. */
  onAddProfile: () => void;
  /** Offered when given: the profile's My List page. */
  onMyList?: () => void;
  onAccount: () => void;
  onSignOut: () => void;
}

/**
 * The signed-in top bar's profile menu (docs/spec.md §2): the active profile's avatar and name, and a
 * Radix dropdown. Radix gives it the keyboard (arrows, Enter, Escape, typeahead) and focus return.
 * The ref reaches the trigger button.
 */
export const ProfileMenu = forwardRef<ElementRef<typeof DropdownMenu.Trigger>, ProfileMenuProps>(
  (
    {
      profiles,
      activeName,
      open,
      defaultOpen,
      onOpenChange,
      onProfileClick,
      onSwitchProfiles,
      onAddProfile,
      onMyList,
      onAccount,
      onSignOut,
    },
    ref,
  ) => {
    const active = profiles.find((profile) => profile.activeProfile);
    const triggerName = activeName ?? active?.name;
    // The menu offers only the profiles to switch to, never the one already watching.
    const others = profiles.filter((profile) => profile !== active);
    return (
      // Not modal, as the menu button pattern has it: Radix's modal mode sets aria-hidden on the
      // whole app while the menu is open, leaving the hidden page's controls focusable (axe's
      // aria-hidden-focus) and the page without its main landmark and heading. Arrows, Escape,
      // Tab staying in the menu, outside clicks and focus return work the same.
      <ProfileMenuRoot modal={false} open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
        <ProfileMenuTrigger ref={ref} aria-label={triggerName ? `Profile menu for ${triggerName}` : 'Profile menu'}>
          <ProfileAvatar id={active?.id ?? triggerName ?? 'no-profile'} name={triggerName ?? ''} size="sm" />
          {triggerName && <TriggerName>{triggerName}</TriggerName>}
          <CaretIcon />
        </ProfileMenuTrigger>
        <ProfileMenuContent>
          {others.map((profile) => (
            <ProfileMenuItem key={profile.id} onSelect={() => onProfileClick(profile.id)}>
              <ProfileAvatar id={profile.id} name={profile.name} size="sm" />
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
          <ProfileMenuItem onSelect={onAccount}>Account</ProfileMenuItem>
          <ProfileMenuSeparator />
          <ProfileMenuItem onSelect={onSignOut}>Sign Out</ProfileMenuItem>
        </ProfileMenuContent>
      </ProfileMenuRoot>
    );
  },
);
ProfileMenu.displayName = 'ProfileMenu';
