import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef } from 'react';

import { Button } from '../Button';
import { Alert } from '../feedback/Alert';
import type { SendStatus } from '../status';
import { styled } from '../stitches.config';
import { ProfileAvatar } from './ProfileAvatar';

const Screen = styled('main', {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '$5',
  minHeight: '100vh',
  padding: '$8 $4',
  textAlign: 'center',
});

const Title = styled('h1', { margin: 0, fontSize: '$5', fontWeight: 500, '@tablet': { fontSize: '$6' } });

const Lead = styled('p', { margin: 0, color: '$textMuted', fontSize: '$2' });

const Form = styled('form', { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '$4' });

const PinInput = styled('input', {
  width: '12ch',
  height: '64px',
  padding: '0 $3',
  fontFamily: '$body',
  fontSize: '32px',
  letterSpacing: '0.5em',
  textAlign: 'center',
  color: '$text',
  backgroundColor: 'transparent',
  border: '1px solid $fieldBorder',
  borderRadius: '$2',
  '&:focus-visible': { outline: '2px solid $focus', outlineOffset: '2px' },
  '&[aria-invalid="true"]': { borderColor: '$danger' },
});

const Actions = styled('div', { display: 'flex', gap: '$4' });

export interface PinPromptProps {
  /** The locked profile being opened. */
  profile: { id: string; name: string; avatar?: string };
  /** 'busy': the PIN is being checked; 'error': `error` says why it was refused. */
  status?: SendStatus;
  error?: string | null;
  onSubmit: (pin: string) => void;
  onCancel: () => void;
}

/**
 * The profile lock's question, in place of the page: the whole screen, with no navigation, until
 * the PIN is given or the viewer goes back. Four digits submit on their own; Escape cancels.
 */
export function PinPrompt({ profile, status = 'idle', error: failure, onSubmit, onCancel }: PinPromptProps) {
  const busy = status === 'busy';
  const error = status === 'error' ? failure : null;
  const id = useId();
  const input = useRef<HTMLInputElement>(null);

  // Focus waits in the field when the prompt opens, and again after a refusal (cleared for the next try).
  useEffect(() => {
    if (busy) return;
    if (error && input.current) input.current.value = '';
    input.current?.focus();
  }, [busy, error]);

  const send = (pin: string) => {
    if (/^[0-9]{4}$/.test(pin)) onSubmit(pin);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send(input.current?.value ?? '');
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onCancel();
  };

  return (
    <Screen aria-labelledby={`${id}-title`} onKeyDown={onKeyDown}>
      <ProfileAvatar id={profile.id} name={profile.name} avatar={profile.avatar} size="lg" />
      <Title id={`${id}-title`}>Profile Lock is on</Title>
      <Lead id={`${id}-lead`}>Enter your PIN to access {profile.name}&rsquo;s profile.</Lead>
      <Form onSubmit={submit} noValidate aria-busy={busy || undefined}>
        <PinInput
          ref={input}
          aria-label={`PIN for ${profile.name}`}
          aria-describedby={error ? `${id}-error` : `${id}-lead`}
          aria-invalid={error ? true : undefined}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          readOnly={busy}
          onChange={(event) => {
            const digits = event.currentTarget.value.replace(/[^0-9]/g, '');
            event.currentTarget.value = digits;
            if (digits.length === 4) send(digits);
          }}
        />
        <Alert id={`${id}-error`}>{error}</Alert>
        <Actions>
          <Button type="submit" tone="light" disabled={busy}>
            Open profile
          </Button>
          <Button tone="secondary" disabled={busy} onClick={onCancel}>
            Cancel
          </Button>
        </Actions>
      </Form>
    </Screen>
  );
}
