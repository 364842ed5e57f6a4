import type { MouseEvent, ReactNode } from 'react';

import { styled } from '../stitches.config';
import { Logo } from './Logo';

/**
 * The top bar is a size container, so what sits in it (SectionNav) adapts to the bar's width:
 * the viewport's in the app, whatever a story gives it.
 */
export const TOP_BAR_CONTAINER = 'top-bar';

/** The bar's width from which the section links fit beside the logo, search and profile menu. */
export const sectionLinksFit = `@container ${TOP_BAR_CONTAINER} (min-width: 885px)`;

/**
 * Narrower than this, the logo, Browse, search and the profile menu only fit side by side with a
 * smaller wordmark and tighter gaps (320–399 px phones; at 320 Browse ran under the search icon).
 */
const narrowBar = `@container ${TOP_BAR_CONTAINER} (max-width: 399px)`;
const NARROW_GAP = { gap: '$2' };

const Bar = styled('header', {
  containerType: 'inline-size',
  containerName: TOP_BAR_CONTAINER,
  position: 'fixed',
  inset: '0 0 auto 0',
  zIndex: '$topBar',
  height: '$topBarHeight',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '$4',
  padding: '0 $4',
  [narrowBar]: NARROW_GAP,
  transition: 'background-color 300ms ease',
  '@tablet': { padding: '0 $7' },
  '@reducedMotion': { transition: 'none' },
  variants: {
    solid: {
      true: { backgroundColor: '$background' },
      false: { backgroundImage: 'linear-gradient(to bottom, rgba(0,0,0,0.75), transparent)' },
    },
    // The signed-out pages' bar stays at the top of the page, as on the real service's landing
    // page: fixed and transparent, the landing's sections scrolled under its logo and Sign In.
    scrollsAway: { true: { position: 'absolute' } },
  },
  defaultVariants: { solid: false },
});

const Actions = styled('div', {
  display: 'flex',
  alignItems: 'center',
  gap: '$4',
  minWidth: 0,
  [narrowBar]: NARROW_GAP,
});

const Start = styled('div', {
  display: 'flex',
  alignItems: 'center',
  gap: '$4',
  minWidth: 0,
  // Wide enough for an open search box (SearchBox.tsx), that box gives way, not the logo and
  // links (which would run under it).
  '@searchInTopBar': { flexShrink: 0 },
  [sectionLinksFit]: { gap: '$6' },
  // The logo (Logo.tsx) comes first; at 19 px its bold red is still large text for contrast (3:1).
  [narrowBar]: { ...NARROW_GAP, '& > a:first-child': { fontSize: '19px' } },
});

export interface TopBarProps {
  brand: string;
  /** Solid dark background (after scrolling, or away from "/"); transparent over the page otherwise. */
  solid?: boolean;
  /** Stays at the top of the page instead of over it (the signed-out pages, which never turn it solid). */
  scrollsAway?: boolean;
  /** A mark after the logo: "Kids" on a kids profile's bar. */
  mark?: string;
  /** Called when the logo is activated; the link's own navigation is then left to the caller. */
  onHomeClick?: () => void;
  /** Beside the logo: the signed-in section links (SectionNav). */
  nav?: ReactNode;
  /** Controls on the right: "Sign In" when signed out, search and the profile menu when signed in. */
  children?: ReactNode;
}

export function TopBar({ brand, mark, solid = false, scrollsAway = false, onHomeClick, nav, children }: TopBarProps) {
  const handleLogoClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // Let modified clicks (new tab, new window) behave like a normal link.
    if (!onHomeClick || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onHomeClick();
  };
  return (
    <Bar solid={solid} scrollsAway={scrollsAway} data-solid={solid}>
      <Start>
        <Logo brand={brand} mark={mark} onClick={handleLogoClick} />
        {nav}
      </Start>
      <Actions>{children}</Actions>
    </Bar>
  );
}
