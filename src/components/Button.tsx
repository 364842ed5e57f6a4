import { type ComponentPropsWithoutRef, type ElementRef, forwardRef } from 'react';
import type { VariantProps } from '@stitches/react';
import { styled } from './stitches.config';

const StyledButton = styled('button', {
  all: 'unset',
  boxSizing: 'border-box',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '$2',
  fontFamily: '$body',
  fontWeight: 600,
  lineHeight: 1.2,
  borderRadius: '$2',
  cursor: 'pointer',
  userSelect: 'none',
  transition: 'background-color 120ms ease',
  '&:focus-visible': { outline: '2px solid $focus', outlineOffset: '2px' },
  '&:disabled, &[aria-disabled="true"]': { opacity: 0.6, cursor: 'not-allowed' },
  variants: {
    tone: {
      primary: {
        backgroundColor: '$accent',
        color: '$text',
        '&:hover:not(:disabled)': { backgroundColor: '$accentHover' },
      },
      secondary: {
        backgroundColor: 'rgba(109, 109, 110, 0.7)',
        color: '$text',
        '&:hover:not(:disabled)': { backgroundColor: 'rgba(109, 109, 110, 0.5)' },
      },
      light: {
        backgroundColor: '$text',
        color: '#000',
        '&:hover:not(:disabled)': { backgroundColor: 'rgba(255, 255, 255, 0.75)' },
      },
      link: {
        padding: 0,
        color: '$text',
        fontWeight: 400,
        '&:hover': { textDecoration: 'underline' },
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
