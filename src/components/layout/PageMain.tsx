import { styled } from '../stitches.config';

/** A signed-in page's main content: centred, and clear of the fixed top bar. */
export const PageMain = styled('main', {
  width: '100%',
  maxWidth: '$contentWidth',
  margin: '0 auto',
  padding: 'calc($sizes$topBarHeight + $space$5) $4 $7',
  '@tablet': { padding: 'calc($sizes$topBarHeight + $space$7) $5 $8' },
  variants: {
    width: {
      /** A single form's width. */
      narrow: { maxWidth: '640px' },
    },
  },
});
