import type { ComponentProps } from 'react';

import { Button } from '../Button';
import { styled } from '../stitches.config';
import { Alert } from './Alert';

const Box = styled('div', { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '$3' });

export interface LoadFailureProps {
  /** Why it could not be loaded, in the alert region. */
  message: string;
  /** Offered as 'Try again' when given. */
  onRetry?: () => void;
  /** Where it sits in its section (margins, padding). */
  css?: ComponentProps<typeof Box>['css'];
}

/** What a section shows in place of what it could not load (status 'error'): why, and Try again. */
export function LoadFailure({ message, onRetry, css }: LoadFailureProps) {
  return (
    <Box css={css}>
      <Alert>{message}</Alert>
      {onRetry && <Button onClick={onRetry}>Try again</Button>}
    </Box>
  );
}
