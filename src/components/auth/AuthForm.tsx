import { type FormEvent, useId } from 'react';

import { Button } from '../Button';
import { Alert } from '../feedback/Alert';
import type { SendStatus } from '../status';
import { styled } from '../stitches.config';
import { TextField } from '../TextField';

/** The signed-out forms' dark panel (sign-in, sign-up, forgotten and new passwords). */
export const AuthPanel = styled('section', {
  position: 'relative',
  width: '100%',
  maxWidth: '$formWidth',
  margin: '0 auto',
  padding: '$7 $5',
  backgroundColor: 'rgba(0, 0, 0, 0.78)',
  borderRadius: '$2',
  '@tablet': { padding: '$8 68px' },
});

export const AuthTitle = styled('h1', { margin: '0 0 $5', fontSize: '$5', fontWeight: 700 });

export const AuthFields = styled('form', { display: 'flex', flexDirection: 'column', gap: '$4' });

export const AuthFooter = styled('p', { margin: '$5 0 0', color: '$textMuted', fontSize: '$2' });

/**
 * The signed-out forms' email field (sign-in, sign-up, forgotten password): read-only while the
 * form is sent, and after a failure marked invalid and described by the form's alert (`errorId`).
 */
export function AuthEmailField(props: {
  defaultValue: string;
  busy: boolean;
  error: string | null | undefined;
  errorId: string;
}) {
  return (
    <TextField
      label="Email"
      name="email"
      type="email"
      autoComplete="email"
      defaultValue={props.defaultValue}
      readOnly={props.busy}
      aria-invalid={props.error ? true : undefined}
      aria-describedby={props.error ? props.errorId : undefined}
    />
  );
}

export interface AuthFormValues {
  email: string;
  password: string;
}

export interface AuthFormProps {
  /** Sign in to an existing account, or sign up for a new one. */
  mode: 'signIn' | 'signUp';
  /** Used in "New to {brand}?". */
  brand: string;
  defaultEmail?: string;
  /** 'busy': a request is in flight, the form is locked and the button says so; 'error': `error` is shown. */
  status?: SendStatus;
  /** The failure to show in the alert region while the status is 'error'. */
  error?: string | null;
  onSubmit: (values: AuthFormValues) => void;
  /** "Sign Up Now." on the sign-in form. */
  onSignUpClick?: () => void;
  /** "Forgot password?" on the sign-in form (offered when given). */
  onForgotPasswordClick?: () => void;
}

const TEXTS = {
  signIn: { title: 'Sign In', submit: 'Sign In', busy: 'Signing In…', password: 'current-password' },
  signUp: { title: 'Sign Up', submit: 'Sign Up', busy: 'Signing Up…', password: 'new-password' },
} as const;

/**
 * The sign-in and sign-up forms (docs/spec.md §2). Deliberately permissive (docs/spec.md §5): no client-side
 * checks; the auth backend's errors are shown in the alert region.
 */
export function AuthForm({
  mode,
  brand,
  defaultEmail = '',
  status = 'idle',
  error: failure,
  onSubmit,
  onSignUpClick,
  onForgotPasswordClick,
}: AuthFormProps) {
  const texts = TEXTS[mode];
  const submitting = status === 'busy';
  const error = status === 'error' ? failure : null;
  const id = useId();
  const titleId = `${id}-title`;
  const errorId = `${id}-error`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    onSubmit({ email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') });
  };

  return (
    <AuthPanel aria-labelledby={titleId}>
      <AuthTitle id={titleId}>{texts.title}</AuthTitle>
      <AuthFields onSubmit={submit} noValidate aria-busy={submitting}>
        <Alert id={errorId}>{error}</Alert>
        <AuthEmailField defaultValue={defaultEmail} busy={submitting} error={error} errorId={errorId} />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete={texts.password}
          readOnly={submitting}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <Button type="submit" size="lg" fullWidth disabled={submitting} css={{ marginTop: '$4' }}>
          {submitting ? texts.busy : texts.submit}
        </Button>
      </AuthFields>
      {mode === 'signIn' && onForgotPasswordClick && (
        <AuthFooter>
          <Button tone="link" onClick={onForgotPasswordClick}>
            Forgot password?
          </Button>
        </AuthFooter>
      )}
      {mode === 'signIn' && (
        <AuthFooter>
          New to {brand}?{' '}
          <Button tone="link" onClick={onSignUpClick}>
            Sign Up Now.
          </Button>
        </AuthFooter>
      )}
    </AuthPanel>
  );
}
