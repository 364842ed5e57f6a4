import { type FormEvent, useEffect, useId, useRef } from 'react';

import { Button } from '../Button';
import { Alert } from '../feedback/Alert';
import type { SendStatus } from '../status';
import { styled } from '../stitches.config';
import { AuthEmailField, AuthFields, AuthFooter, AuthPanel, AuthTitle } from './AuthForm';

const Lead = styled('p', { margin: '0 0 $4', color: '$textMuted', fontSize: '$2' });
const Sent = styled('p', { margin: '0 0 $4', fontSize: '$2', '&:focus': { outline: 'none' } });

export interface ForgotPasswordFormProps {
  defaultEmail?: string;
  /** 'busy' while the link is asked for; 'error' shows `error`. */
  status?: SendStatus;
  error?: string | null;
  /** Set once asked: the words to show instead of the form (the same for any address). */
  sentMessage?: string | null;
  onSubmit: (email: string) => void;
  /** "Back to Sign In". */
  onSignInClick: () => void;
  /** "Send again" after it was sent. */
  onSendAgain?: () => void;
}

/** "Forgot password?": an address, and a reset link sent to it (docs/account.md). */
export function ForgotPasswordForm({
  defaultEmail = '',
  status = 'idle',
  error: failure,
  sentMessage = null,
  onSubmit,
  onSignInClick,
  onSendAgain,
}: ForgotPasswordFormProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const errorId = `${id}-error`;
  const busy = status === 'busy';
  const error = status === 'error' ? failure : null;
  const sent = useRef<HTMLParagraphElement>(null);
  // The form goes away once sent: focus goes to the words that replace it.
  useEffect(() => {
    if (sentMessage) sent.current?.focus();
  }, [sentMessage]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(String(new FormData(event.currentTarget).get('email') ?? ''));
  };

  return (
    <AuthPanel aria-labelledby={titleId}>
      <AuthTitle id={titleId}>Forgot Password</AuthTitle>
      {sentMessage ? (
        <>
          <Sent ref={sent} tabIndex={-1} role="status">
            {sentMessage}
          </Sent>
          {onSendAgain && (
            <Button tone="secondary" onClick={onSendAgain}>
              Send again
            </Button>
          )}
        </>
      ) : (
        <>
          <Lead>We will email you a link to choose a new password.</Lead>
          <AuthFields onSubmit={submit} noValidate aria-busy={busy}>
            <Alert id={errorId}>{error}</Alert>
            <AuthEmailField defaultValue={defaultEmail} busy={busy} error={error} errorId={errorId} />
            <Button type="submit" size="lg" fullWidth disabled={busy} css={{ marginTop: '$4' }}>
              {busy ? 'Sending…' : 'Email Me a Link'}
            </Button>
          </AuthFields>
        </>
      )}
      <AuthFooter>
        <Button tone="link" onClick={onSignInClick}>
          Back to Sign In
        </Button>
      </AuthFooter>
    </AuthPanel>
  );
}
