import { type FormEvent, useEffect, useId, useRef } from 'react';

import { Button, ButtonLink } from '../Button';
import { Alert } from '../feedback/Alert';
import type { SendStatus } from '../status';
import { styled } from '../stitches.config';
import { TextField } from '../TextField';
import { AuthFields, AuthPanel, AuthTitle } from './AuthForm';

const Words = styled('p', { margin: '0 0 $4', fontSize: '$2', '&:focus': { outline: 'none' } });

export interface ResetPasswordFormProps {
  /** 'form': choose a password; 'done': it is set; 'noCode': the address carried no code. */
  stage: 'form' | 'done' | 'noCode';
  status?: SendStatus;
  error?: string | null;
  onSubmit: (password: string) => void;
  /** Where "Sign In" goes (the sign-in address). */
  signInHref: string;
  /** Where "Forgot password?" goes to ask for another link. */
  forgotHref: string;
}

/** A reset link's page: a new password, set once (docs/account.md). */
export function ResetPasswordForm({
  stage,
  status = 'idle',
  error: failure,
  onSubmit,
  signInHref,
  forgotHref,
}: ResetPasswordFormProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const errorId = `${id}-error`;
  const busy = status === 'busy';
  const error = status === 'error' ? failure : null;
  const done = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (stage === 'done') done.current?.focus();
  }, [stage]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(String(new FormData(event.currentTarget).get('password') ?? ''));
  };

  return (
    <AuthPanel aria-labelledby={titleId}>
      <AuthTitle id={titleId}>Choose a New Password</AuthTitle>
      {stage === 'done' ? (
        <>
          <Words ref={done} tabIndex={-1} role="status">
            Your password has been changed, and every device has been signed out. Sign in with your new password.
          </Words>
          <ButtonLink href={signInHref}>Sign In</ButtonLink>
        </>
      ) : stage === 'noCode' ? (
        <>
          <Words>This link is incomplete. Open the whole link from the email, or ask for a new one.</Words>
          <ButtonLink href={forgotHref}>Ask for a new link</ButtonLink>
        </>
      ) : (
        <AuthFields onSubmit={submit} noValidate aria-busy={busy}>
          <Alert id={errorId}>{error}</Alert>
          <TextField
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            readOnly={busy}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          <Button type="submit" size="lg" fullWidth disabled={busy} css={{ marginTop: '$4' }}>
            {busy ? 'Saving…' : 'Set Password'}
          </Button>
          {error && (
            <ButtonLink href={forgotHref} tone="secondary">
              Ask for a new link
            </ButtonLink>
          )}
        </AuthFields>
      )}
    </AuthPanel>
  );
}
