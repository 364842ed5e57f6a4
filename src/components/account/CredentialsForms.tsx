import { type FormEvent, type ReactNode, useId } from 'react';

import { Button } from '../Button';
import { Alert } from '../feedback/Alert';
import type { SendStatus } from '../status';
import { styled } from '../stitches.config';
import { AccountPasswordField, TextField } from '../TextField';

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

/** One of the two forms: its heading (which names it), its error, its fields and its save button. */
function ChangeForm({
  id,
  heading,
  save,
  busy,
  sending,
  error,
  onSubmit,
  children,
}: {
  id: string;
  heading: string;
  save: string;
  busy: boolean;
  sending: boolean;
  error: string | null | undefined;
  onSubmit: (data: FormData, form: HTMLFormElement) => void;
  children: ReactNode;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(new FormData(event.currentTarget), event.currentTarget);
  };
  return (
    <Form aria-labelledby={id} aria-busy={sending} noValidate onSubmit={submit}>
      <Heading id={id}>{heading}</Heading>
      <Alert id={`${id}-error`}>{error}</Alert>
      {children}
      <Button type="submit" tone="secondary" disabled={busy} css={{ justifySelf: 'start' }}>
        {sending ? 'Saving…' : save}
      </Button>
    </Form>
  );
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
  // What each form is told: every field locks while either is sent, but only the form sent says
  // so, and only the one that failed shows the error.
  const stateOf = (which: 'email' | 'password') => ({
    id: `${id}-${which}`,
    busy,
    sending: busy && form === which,
    error: status === 'error' && form === which ? error : null,
  });
  return (
    <Forms>
      <p role="status" style={{ margin: 0 }}>
        {done && <Done>{done}</Done>}
      </p>
      <ChangeForm
        {...stateOf('email')}
        heading="Change email"
        save="Save email"
        onSubmit={(data) =>
          onChangeEmail({ email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') })
        }
      >
        <TextField label="New email" name="email" type="email" autoComplete="email" readOnly={busy} />
        <AccountPasswordField label="Current password" busy={busy} />
      </ChangeForm>
      <ChangeForm
        {...stateOf('password')}
        heading="Change password"
        save="Save password"
        onSubmit={(data, element) => {
          onChangePassword({
            password: String(data.get('password') ?? ''),
            newPassword: String(data.get('newPassword') ?? ''),
          });
          element.reset();
        }}
      >
        <AccountPasswordField label="Current password" busy={busy} />
        <TextField
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          readOnly={busy}
        />
      </ChangeForm>
    </Forms>
  );
}
