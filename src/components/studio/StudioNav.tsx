import type { MouseEvent } from 'react';

import { isPlainClick } from '../plain-click';
import { styled } from '../stitches.config';

const Nav = styled('nav', {
  display: 'flex',
  gap: '$4',
  margin: '0 0 $5',
  borderBottom: '1px solid $surfaceRaised',
  '& a': {
    color: '$textMuted',
    textDecoration: 'none',
    padding: '$2 0',
    borderBottom: '2px solid transparent',
    '&:hover': { color: '$text' },
    '&:focus-visible': { outline: '2px solid $focus', outlineOffset: '2px' },
    '&[aria-current="page"]': { color: '$text', borderBottomColor: '$accent' },
  },
});

export interface StudioNavProps {
  items: Array<{ href: string; label: string; current: boolean }>;
  onNavigate: (href: string) => void;
}

/** The studio's pages: links that the app follows itself on a plain click. */
export function StudioNav({ items, onNavigate }: StudioNavProps) {
  return (
    <Nav aria-label="Studio">
      {items.map((item) => (
        <a
          key={item.href}
          href={item.href}
          aria-current={item.current ? 'page' : undefined}
          onClick={(event: MouseEvent<HTMLAnchorElement>) => {
            if (!isPlainClick(event)) return;
            event.preventDefault();
            onNavigate(item.href);
          }}
        >
          {item.label}
        </a>
      ))}
    </Nav>
  );
}
