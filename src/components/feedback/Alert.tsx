import type { ReactNode } from 'react';

import { styled } from '../stitches.config';

const Region = styled('div', {
  '&:empty': { display: 'none' },
  variants: {
    tone: {
      error: {
        padding: '$3 $4',
        borderRadius: '$2',
        backgroundColor: '$dangerSurface',
        color: '#000',
        fontSize: '$2',
        lineHeight: 1.4,
      },
    },
  },
  defaultVariants: { tone: 'error' },
});

export interface AlertProps {
  /** The message; nothing is shown when it is empty, but the live region stays in place. */
  children?: ReactNode;
  id?: string;
}

/**
 * An accessible alert region (role="alert"). It is always rendered, so assistive technology
 * announces a message as soon as it appears.
 */
export function Alert({ children, id }: AlertProps) {
  return (
    <Region role="alert" id={id}>
      {children || null}
    </Region>
  );
}
