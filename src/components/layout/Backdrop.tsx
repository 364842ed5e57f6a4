import type { ReactNode } from 'react';

import { styled } from '../stitches.config';

const Frame = styled('main', {
  position: 'relative',
  minHeight: '100vh',
  display: 'flex',
  alignItems: 'center',
  padding: 'calc($sizes$topBarHeight + $5) $4 $7',
  backgroundColor: '$background',
  backgroundSize: 'cover',
  backgroundPosition: 'center',
  '&::before': { content: '""', position: 'absolute', inset: 0, backgroundColor: 'rgba(0, 0, 0, 0.55)' },
  '& > *': { position: 'relative' },
});

export interface BackdropProps {
  backgroundSrc: string;
  children: ReactNode;
}

/** A full-height page over darkened artwork, behind the sign-in and sign-up forms. */
export function Backdrop({ backgroundSrc, children }: BackdropProps) {
  return <Frame css={{ backgroundImage: `url("${backgroundSrc}")` }}>{children}</Frame>;
}
