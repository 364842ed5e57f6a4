import { Button } from '../Button';
import { styled } from '../stitches.config';
import { Alert } from './Alert';

const Bar = styled('div', {
  position: 'fixed',
  top: '$sizes$topBarHeight',
  left: '50%',
  transform: 'translateX(-50%)',
  zIndex: '$topBar',
  display: 'flex',
  alignItems: 'center',
  gap: '$3',
  width: 'min(560px, calc(100% - 32px))',
  padding: '$2',
  borderRadius: '$2',
  backgroundColor: '$dangerSurface',
  boxShadow: '0 8px 24px rgba(0, 0, 0, 0.5)',
  '& > [role="alert"]': { flex: 1, padding: '$1 $2' },
});

export interface NoticeProps {
  /** The message; nothing is rendered without one. */
  message: string | null;
  onDismiss: () => void;
}

/** A message about the whole page (a failed sign-out, say), shown under the top bar until dismissed. */
export function Notice({ message, onDismiss }: NoticeProps) {
  if (!message) return null;
  return (
    <Bar>
      <Alert>{message}</Alert>
      <Button size="sm" tone="light" onClick={onDismiss}>
        Dismiss
      </Button>
    </Bar>
  );
}
