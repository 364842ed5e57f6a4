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
  '& > [role="alert"], & > [role="status"]': { flex: 1, padding: '$1 $2' },
  variants: {
    tone: {
      danger: {},
      // News rather than a failure (signed out elsewhere): read politely, on a neutral surface.
      info: { backgroundColor: '$surfaceRaised' },
    },
  },
  defaultVariants: { tone: 'danger' },
});

const Status = styled('p', { margin: 0, fontSize: '$2' });

export interface NoticeProps {
  /** The message; nothing is rendered without one. */
  message: string | null;
  onDismiss: () => void;
  /** 'danger' (default): a failure, in an alert; 'info': news, in a status region. */
  tone?: 'danger' | 'info';
}

/** A message about the whole page (a failed sign-out, say), shown under the top bar until dismissed. */
export function Notice({ message, onDismiss, tone = 'danger' }: NoticeProps) {
  if (!message) return null;
  return (
    <Bar tone={tone}>
      {tone === 'info' ? <Status role="status">{message}</Status> : <Alert>{message}</Alert>}
      <Button size="sm" tone="light" onClick={onDismiss}>
        Dismiss
      </Button>
    </Bar>
  );
}
