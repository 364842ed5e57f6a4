import { type ComponentPropsWithoutRef, forwardRef } from 'react';

import { styled } from '../stitches.config';

const Wordmark = styled('a', {
  display: 'inline-block',
  color: '$accent',
  fontWeight: 900,
  fontSize: '26px',
  letterSpacing: '0.02em',
  textTransform: 'uppercase',
  textDecoration: 'none',
  lineHeight: 1,
  transform: 'scaleY(1.15)',
  '@tablet': { fontSize: '34px' },
  '&:focus-visible': { outline: '2px solid $focus', outlineOffset: '4px' },
});

export interface LogoProps extends ComponentPropsWithoutRef<'a'> {
  brand: string;
}

/** The brand's wordmark, a link home. */
export const Logo = forwardRef<HTMLAnchorElement, LogoProps>(({ brand, href = '/', ...props }, ref) => (
  <Wordmark ref={ref} href={href} aria-label={`${brand} home`} {...props}>
    {brand}
  </Wordmark>
));
Logo.displayName = 'Logo';
