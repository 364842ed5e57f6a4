import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { type MouseEvent, useState } from 'react';

import { isPlainClick } from '../plain-click';
import { keyframes, styled } from '../stitches.config';
import { sectionLinksFit } from './TopBar';

const slideDown = keyframes({
  from: { opacity: 0, transform: 'translateY(-4px)' },
  to: { opacity: 1, transform: 'translateY(0)' },
});

const Nav = styled('nav', { display: 'flex', alignItems: 'center' });

// A wide top bar: the links in a row. A narrow one (under 885px, as on the real service): the
// Browse menu instead. The one not shown is display: none, out of the accessibility tree too.
const Links = styled('ul', {
  display: 'none',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  gap: '$5',
  [sectionLinksFit]: { display: 'flex' },
});

const linkStyles = {
  color: '$textMuted',
  fontFamily: '$body',
  fontSize: '$1',
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  transition: 'color 150ms ease',
  '@reducedMotion': { transition: 'none' },
  '&[aria-current="page"]': { color: '$text', fontWeight: 700 },
} as const;

const Link = styled('a', {
  ...linkStyles,
  '&:hover': { color: '$text' },
  '&:focus-visible': { outline: '2px solid $focus', outlineOffset: '4px' },
  '@desktop': { fontSize: '15px' },
});

const Compact = styled('div', { display: 'block', [sectionLinksFit]: { display: 'none' } });

const Caret = styled('svg', {
  flexShrink: 0,
  transition: 'transform 150ms ease',
  '@reducedMotion': { transition: 'none' },
});

export const SectionNavTrigger = styled(DropdownMenu.Trigger, {
  all: 'unset',
  boxSizing: 'border-box',
  display: 'inline-flex',
  alignItems: 'center',
  gap: '$2',
  minHeight: '32px',
  padding: '$1 $2',
  borderRadius: '$2',
  color: '$text',
  fontFamily: '$body',
  fontSize: '$1',
  fontWeight: 700,
  cursor: 'pointer',
  '&:focus-visible': { outline: '2px solid $focus', outlineOffset: '2px' },
  [`&[data-state="open"] ${Caret}`]: { transform: 'rotate(180deg)' },
});

// In place, not in a Portal, so the open menu stays inside the top bar's banner landmark (see
// ProfileMenuContent); Radix positions it with position: fixed.
export const SectionNavContent = styled(DropdownMenu.Content, {
  zIndex: '$overlay',
  minWidth: '220px',
  padding: '$2 0',
  backgroundColor: 'rgba(0, 0, 0, 0.92)',
  borderTop: '2px solid $text',
  borderRadius: '$1',
  boxShadow: '0 8px 24px rgba(0, 0, 0, 0.6)',
  '&[data-state="open"]': { animation: `${slideDown} 150ms ease-out` },
  '@reducedMotion': { '&[data-state="open"]': { animation: 'none' } },
});

export const SectionNavItem = styled(DropdownMenu.Item, {
  ...linkStyles,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: '44px',
  padding: '0 $4',
  cursor: 'pointer',
  outline: 'none',
  '&[data-highlighted]': { color: '$text', backgroundColor: 'rgba(255, 255, 255, 0.08)' },
});

export interface SectionNavItemData {
  label: string;
  href: string;
  /** The section on screen: marked aria-current="page". */
  current: boolean;
}

export interface SectionNavProps {
  items: SectionNavItemData[];
  /** A plain click (or Enter) on a section; modified clicks are left to the browser (new tab…). */
  onNavigate: (href: string) => void;
  /** The Browse menu's open state, controlled or not. */
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/**
 * The signed-in top bar's sections (docs/decisions.md, "Sections"): links side by side on wide
 * screens; on narrow ones a "Browse" menu button listing the same links. Radix gives the menu
 * its keyboard (arrows, Enter, Escape, typeahead) and returns focus to the button.
 */
export function SectionNav({ items, onNavigate, open, defaultOpen, onOpenChange }: SectionNavProps) {
  const [uncontrolledOpen, setUncontrolledOpen] = useState(defaultOpen ?? false);
  const menuOpen = open ?? uncontrolledOpen;
  const setMenuOpen = (next: boolean) => {
    if (open === undefined) setUncontrolledOpen(next);
    onOpenChange?.(next);
  };
  const follow = (href: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return;
    // Keeps the browser from loading the page, which also stops Radix closing the menu on its
    // own (it skips its handler for a prevented click): so it is closed here.
    event.preventDefault();
    if (menuOpen) setMenuOpen(false);
    onNavigate(href);
  };
  return (
    <Nav aria-label="Sections">
      <Links>
        {items.map((item) => (
          <li key={item.href}>
            <Link href={item.href} aria-current={item.current ? 'page' : undefined} onClick={follow(item.href)}>
              {item.label}
            </Link>
          </li>
        ))}
      </Links>
      <Compact>
        {/* Not modal, like the profile menu: a modal menu hides the whole page from assistive technology. */}
        <DropdownMenu.Root modal={false} open={menuOpen} onOpenChange={setMenuOpen}>
          <SectionNavTrigger>
            Browse
            <Caret aria-hidden="true" width="10" height="10" viewBox="0 0 10 10" fill="currentColor">
              <path d="M0 3h10L5 8z" />
            </Caret>
          </SectionNavTrigger>
          <SectionNavContent sideOffset={8} align="start">
            {items.map((item) => (
              <SectionNavItem key={item.href} asChild>
                <a href={item.href} aria-current={item.current ? 'page' : undefined} onClick={follow(item.href)}>
                  {item.label}
                </a>
              </SectionNavItem>
            ))}
          </SectionNavContent>
        </DropdownMenu.Root>
      </Compact>
    </Nav>
  );
}
