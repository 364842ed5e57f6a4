import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactElement } from 'react';

import type { LoadedMenuProps } from '../lazy-menu';
import { keyframes, styled } from '../stitches.config';

// The Browse menu's Radix half, a chunk of its own that SectionNav loads when it is wanted
// (docs/decisions.md, "Lazy menus and the signed-in chunks"). SectionNav draws the button and the links; this
// gives them the menu's behaviour.

const slideDown = keyframes({
  from: { opacity: 0, transform: 'translateY(-4px)' },
  to: { opacity: 1, transform: 'translateY(0)' },
});

// In place, not in a Portal, so the open menu stays inside the top bar's banner landmark (see
// ProfileMenuContent); Radix positions it with position: fixed.
export const SectionNavContent = styled(DropdownMenu.Content, {
  zIndex: '$overlay',
  minWidth: '220px',
  // A long list (the Genres menu) scrolls inside the room Radix finds for it.
  maxHeight: 'var(--radix-dropdown-menu-content-available-height)',
  overflowY: 'auto',
  padding: '$2 0',
  backgroundColor: 'rgba(0, 0, 0, 0.92)',
  borderTop: '2px solid $text',
  borderRadius: '$1',
  boxShadow: '0 8px 24px rgba(0, 0, 0, 0.6)',
  '&[data-state="open"]': { animation: `${slideDown} 150ms ease-out` },
  '@reducedMotion': { '&[data-state="open"]': { animation: 'none' } },
});

export interface SectionNavMenuProps extends LoadedMenuProps {
  /** SectionNav's Browse button: Radix's trigger takes it as its child. */
  trigger: ReactElement;
  /** SectionNav's links to the sections, each with a key: each becomes a menu item. */
  links: ReactElement[];
}

/** A loaded menu of links (the Browse menu's sections, the Genres menu's genres): each link a menu item. */
export function SectionNavMenu({ trigger, links, open, onOpenChange, onContentFocus }: SectionNavMenuProps) {
  return (
    // Not modal, like the profile menu: a modal menu hides the whole page from assistive technology.
    <DropdownMenu.Root modal={false} open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <SectionNavContent sideOffset={8} align="start" onFocus={onContentFocus}>
        {links.map((link) => (
          <DropdownMenu.Item key={link.key} asChild>
            {link}
          </DropdownMenu.Item>
        ))}
      </SectionNavContent>
    </DropdownMenu.Root>
  );
}
