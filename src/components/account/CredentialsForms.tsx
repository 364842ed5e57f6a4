import { type FormEvent, useId } from 'react';

import { Button } from '../Button';
import { Alert } from '../feedback/Alert';
import type { SendStatus } from '../status';
import { styled } from '../stitches.config';
import { TextField } from '../TextField';

const Forms = styled('div', { display: 'grid', gap: '$5', width: '100%', maxWidth: '440px' });
const Form = styled('form', { display: 'grid', gap: '$3' });
const Heading = styled('h3', { margin: 0, fontSize: '$2', fontWeight: 700 });
// A span: it sits inside the always-present status paragraph, and a <p> may not hold a <p>.
const Done = styled('span', { display: 'block', fontSize: '$2', color: '$text' });

export interface CredentialsFormsProps {
  /** Which form is being sent, or spoke last ('busy' or 'error' applies to it). */
  form: 'email' | 'password' | null;
  status?: SendStatus;
  error?: string | null;
  /** What the last change did ("Your password has been changed…"), in a status region. */
  done?: string | null;
  onChangeEmail: (values: { email: string; password: string }) => void;
  onChangePassword: (values: { password: string; newPassword: string }) => void;
}

/**
 * The account page's Change email and Change password forms (docs/account.md), each confirmed by
 * the current password. The fields empty once a change is made; the server checks every rule.
 */
export function CredentialsForms({
  form,
  status = 'idle',
  error,
  done = null,
  onChangeEmail,
  onChangePassword,
}: CredentialsFormsProps) {
  const id = useId();
  const busy = status === 'busy';
  const errorFor = (which: 'email' | 'password') => (status === 'error' && form === which ? error : null);
  const read = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    return new FormData(event.currentTarget);
  };
  return (
    <Forms>
      <p role="status" style={{ margin: 0 }}>
        {done && <Done>{done}</Done>}
      </p>
      <Form
        aria-labelledby={`${id}-email`}
        aria-busy={busy && form === 'email'}
        noValidate
        onSubmit={(event) => {
          const data = read(event);
          onChangeEmail({ email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') });
        }}
      >
        <Heading id={`${id}-email`}>Change email</Heading>
        <Alert id={`${id}-email-error`}>{errorFor('email')}</Alert>
        <TextField label="New email" name="email" type="email" autoComplete="email" readOnly={busy} />
        <TextField
          label="Current password"
          name="password"
          type="password"
          autoComplete="current-password"
          readOnly={busy}
        />
        <Button type="submit" tone="secondary" disabled={busy} css={{ justifySelf: 'start' }}>
          {busy && form === 'email' ? 'Saving…' : 'Save email'}
        </Button>
      </Form>
      <Form
        aria-labelledby={`${id}-password`}
        aria-busy={busy && form === 'password'}
        noValidate
        onSubmit={(event) => {
          const data = read(event);
          const element = event.currentTarget;
          onChangePassword({
            password: String(data.get('password') ?? ''),
            newPassword: String(data.get('newPassword') ?? ''),
          });
          element.reset();
        }}
      >
        <Heading id={`${id}-password`}>Change password</Heading>
        <Alert id={`${id}-password-error`}>{errorFor('password')}</Alert>
        <TextField
          label="Current password"
          name="password"
          type="password"
          autoComplete="current-password"
          readOnly={busy}
        />
        <TextField
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          readOnly={busy}
        />
        <Button type="submit" tone="secondary" disabled={busy} css={{ justifySelf: 'start' }}>
          {busy && form === 'password' ? 'Saving…' : 'Save password'}
        </Button>
      </Form>
    </Forms>
  );
}
