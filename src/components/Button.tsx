import type { VariantProps } from '@stitches/react';
import { type ComponentPropsWithoutRef, type ElementRef, forwardRef } from 'react';

import { styled } from './stitches.config';

/** A <button> without the browser's look, laying out its icon and text in a centred row. */
export const bareButton = {
  all: 'unset',
  boxSizing: 'border-box',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '$2',
} as const;

const StyledButton = styled('button', {
  ...bareButton,
  fontFamily: '$body',
  fontWeight: 600,
  lineHeight: 1.2,
  borderRadius: '$2',
  cursor: 'pointer',
  userSelect: 'none',
  transition: 'background-color 120ms ease',
  '&:focus-visible': { outline: '2px solid $focus', outlineOffset: '2px' },
  // Disabled (or aria-disabled, like the current plan's button) is a flat grey rather than a faded
  // tone: fading the red or white tones by opacity took their text below 4.5:1 (3.6:1 on red), and
  // these buttons still carry words people read ('Current Package', 'Starting checkout…').
  // #b3b3b3 on #2f2f2f is 6.4:1, on any page behind it.
  '&:disabled, &[aria-disabled="true"]': {
    cursor: 'not-allowed',
    backgroundColor: '$surfaceRaised',
    color: '$textMuted',
  },
  variants: {
    tone: {
      primary: {
        backgroundColor: '$accent',
        color: '$text',
        '&:hover:not(:disabled, [aria-disabled="true"])': { backgroundColor: '$accentHover' },
      },
      secondary: {
        backgroundColor: 'rgba(109, 109, 110, 0.7)',
        color: '$text',
        '&:hover:not(:disabled, [aria-disabled="true"])': { backgroundColor: 'rgba(109, 109, 110, 0.5)' },
      },
      light: {
        backgroundColor: '$text',
        color: '#000',
        '&:hover:not(:disabled, [aria-disabled="true"])': { backgroundColor: 'rgba(255, 255, 255, 0.75)' },
      },
      link: {
        padding: 0,
        color: '$text',
        fontWeight: 400,
        '&:hover': { textDecoration: 'underline' },
        '&:disabled, &[aria-disabled="true"]': { backgroundColor: 'transparent' },
      },
    },
    size: {
      sm: { padding: '6px $3', fontSize: '$1' },
      md: { padding: '$2 $4', fontSize: '$2' },
      lg: { padding: '$3 $5', fontSize: '$3', '@tablet': { fontSize: '$4' } },
    },
    fullWidth: { true: { width: '100%' } },
  },
  compoundVariants: [{ tone: 'link', size: 'md', css: { padding: 0 } }],
  defaultVariants: { tone: 'primary', size: 'md' },
});

export type ButtonProps = ComponentPropsWithoutRef<typeof StyledButton> & VariantProps<typeof StyledButton>;

/** A button in one of Marquee's tones. `type` defaults to "button" so it never submits by accident. */
export const Button = forwardRef<ElementRef<'button'>, ButtonProps>(({ type = 'button', ...props }, ref) => (
  <StyledButton ref={ref} type={type} {...props} />
));
Button.displayName = 'Button';

/**
 * A link that looks like a Button, for what goes to another address ("Sign In" on the landing
 * page): a real link, so it works before the app's script has run and opens in a new tab.
 */
export const ButtonLink = styled('a', StyledButton);
export type ButtonLinkProps = ComponentPropsWithoutRef<typeof ButtonLink>;
