import { forwardRef } from 'react';

import { chunkLoader } from '../../chunk-loader';
import { useLazyMenu } from '../lazy-menu';
import { styled } from '../stitches.config';
import type { ProfileMenuProps } from './profile-menu-props';
import { ProfileAvatar } from './ProfileAvatar';

const Caret = styled('svg', {
  flexShrink: 0,
  transition: 'transform 150ms ease',
  '@reducedMotion': { transition: 'none' },
});

/** The menu button, before and after its menu has loaded (ProfileMenuParts.tsx takes it as Radix's trigger). */
const ProfileMenuButton = styled('button', {
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

const dropdown = chunkLoader(() => import('./ProfileMenuParts').then((parts) => parts.ProfileMenuDropdown));

/** Downloads the menu's Radix half ahead of time (stories' loaders; the menu does it itself at idle). */
export const preloadProfileMenu = () => dropdown.preload();

/**
 * The signed-in top bar's profile menu (docs/spec.md §2): the active profile's avatar and name, and a
 * Radix dropdown (ProfileMenuParts.tsx) loaded on first use or at idle, so that it is not in every
 * page's first load; the button is there from the first paint. The ref reaches the button.
 */
export const ProfileMenu = forwardRef<HTMLButtonElement, ProfileMenuProps>(
  ({ open, defaultOpen, onOpenChange, ...props }, ref) => {
    const { Menu, menuProps, fallback, triggerRef } = useLazyMenu(dropdown, { open, defaultOpen, onOpenChange }, ref);
    const active = props.profiles.find((profile) => profile.activeProfile);
    const name = props.activeName ?? active?.name;
    const label = name ? `Profile menu for ${name}` : 'Profile menu';
    const button = (
      <ProfileMenuButton {...(Menu ? {} : fallback)} ref={triggerRef} aria-label={label}>
        <ProfileAvatar id={active?.id ?? name ?? 'no-profile'} name={name ?? ''} avatar={active?.avatar} size="sm" />
        {name && <TriggerName>{name}</TriggerName>}
        <CaretIcon />
      </ProfileMenuButton>
    );
    return Menu ? <Menu {...props} {...menuProps} trigger={button} /> : button;
  },
);
ProfileMenu.displayName = 'ProfileMenu';
