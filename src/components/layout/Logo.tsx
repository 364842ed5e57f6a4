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

/** A mark after the wordmark ("Kids" on a kids profile's top bar), in the page's own type. */
const Mark = styled('span', {
  display: 'inline-block',
  marginLeft: '0.1em',
  padding: '0.1em 0.35em',
  borderRadius: '$2',
  backgroundColor: '$accent',
  color: '#fff',
  fontSize: '0.55em',
  fontWeight: 700,
  letterSpacing: 0,
  textTransform: 'none',
  verticalAlign: 'middle',
});

export interface LogoProps extends ComponentPropsWithoutRef<'a'> {
  brand: string;
  /** Shown after the wordmark, and said in its name: "Kids". */
  mark?: string;
}

/** The brand's wordmark, a link home. */
export const Logo = forwardRef<HTMLAnchorElement, LogoProps>(({ brand, mark, href = '/', ...props }, ref) => (
  <Wordmark ref={ref} href={href} aria-label={`${brand}${mark ? ` ${mark}` : ''} home`} {...props}>
    {brand}
    {/* A space between, so the name said ("Marquee Kids home") holds the words shown. */}
    {mark && (
      <>
        {' '}
        <Mark>{mark}</Mark>
      </>
    )}
  </Wordmark>
));
Logo.displayName = 'Logo';
