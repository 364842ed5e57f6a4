import type { MouseEvent } from 'react';

import { useLazyMenu } from '../lazy-menu';
import { isPlainClick } from '../plain-click';
import { styled } from '../stitches.config';
import { linkMenu } from './link-menu';
import { sectionLinksFit } from './TopBar';

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

/** The Browse button, before and after its menu has loaded (SectionNavMenu.tsx takes it as Radix's trigger). */
const BrowseButton = styled('button', {
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

/** A section in the Browse menu: SectionNavMenu.tsx makes each a Radix menu item (asChild). */
const MenuLink = styled('a', {
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

/** Downloads the Browse menu's Radix half ahead of time (stories' loaders; the menu does it itself at idle). */
export const preloadSectionNavMenu = () => linkMenu.preload();

/**
 * The signed-in top bar's sections (docs/decisions.md, "Sections"): links side by side on wide
 * screens; on narrow ones a "Browse" menu button listing the same links. The menu (SectionNavMenu.tsx,
 * Radix: arrows, Enter, Escape, typeahead, focus return) loads on first use or at idle, so that it
 * is not in every page's first load; the button is there from the first paint.
 */
export function SectionNav({ items, onNavigate, open, defaultOpen, onOpenChange }: SectionNavProps) {
  const { Menu, menuProps, fallback, triggerRef } = useLazyMenu(linkMenu, { open, defaultOpen, onOpenChange }, null);
  const follow = (href: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return;
    // Keeps the browser from loading the page, which also stops Radix closing the menu on its
    // own (it skips its handler for a prevented click): so it is closed here.
    event.preventDefault();
    if (menuProps.open) menuProps.onOpenChange(false);
    onNavigate(href);
  };
  const browseButton = (
    <BrowseButton {...(Menu ? {} : fallback)} ref={triggerRef}>
      Browse
      <Caret aria-hidden="true" width="10" height="10" viewBox="0 0 10 10" fill="currentColor">
        <path d="M0 3h10L5 8z" />
      </Caret>
    </BrowseButton>
  );
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
        {Menu ? (
          <Menu
            {...menuProps}
            trigger={browseButton}
            links={items.map((item) => (
              <MenuLink
                key={item.href}
                href={item.href}
                aria-current={item.current ? 'page' : undefined}
                onClick={follow(item.href)}
              >
                {item.label}
              </MenuLink>
            ))}
          />
        ) : (
          browseButton
        )}
      </Compact>
    </Nav>
  );
}
