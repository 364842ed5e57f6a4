import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';

import type { AvatarId } from '../../../shared/profiles/profile-options';
import { Button } from '../Button';
import { Alert } from '../feedback/Alert';
import { PageMain } from '../layout/PageMain';
import type { SendStatus } from '../status';
import { styled } from '../stitches.config';
import { TextField } from '../TextField';
import { AvatarPicker } from './AvatarPicker';
import { ProfileAvatar } from './ProfileAvatar';
import { ChoiceLabel, PinField } from './settings-parts';

const Title = styled('h1', { margin: 0, fontSize: '$5', fontWeight: 500, '@tablet': { fontSize: '$6' } });

const Lead = styled('p', { margin: '$2 0 0', color: '$textMuted', fontSize: '$2' });

const Form = styled('form', { display: 'flex', flexDirection: 'column', gap: '$5' });

const Rule = styled('div', {
  display: 'flex',
  alignItems: 'center',
  gap: '$5',
  padding: '$5 0',
  borderTop: '1px solid $surfaceRaised',
  borderBottom: '1px solid $surfaceRaised',
  marginTop: '$5',
});

const FieldSlot = styled('div', { flex: 1, minWidth: 0 });

const Actions = styled('div', { display: 'flex', flexWrap: 'wrap', gap: '$4' });

const KidsHint = styled('p', { margin: '-$3 0 0', color: '$textMuted', fontSize: '$1' });

const Confirm = styled('div', {
  display: 'flex',
  flexDirection: 'column',
  gap: '$3',
  padding: '$4',
  borderRadius: '$2',
  border: '1px solid $danger',
  backgroundColor: '$surface',
});

const ConfirmText = styled('p', { margin: 0, fontSize: '$2' });

const outlined = {
  backgroundColor: 'transparent',
  color: '$textMuted',
  border: '1px solid $textMuted',
  borderRadius: 0,
  letterSpacing: '0.05em',
  '&:hover:not(:disabled)': { color: '$text', borderColor: '$text', backgroundColor: 'transparent' },
} as const;

export interface ProfileFormProps {
  /** Add a new profile (/add-profile) or edit an existing one (Edit Profile). */
  mode: 'add' | 'edit';
  /** The profile's id, for its avatar; a placeholder avatar is shown while adding. */
  id?: string;
  defaultName?: string;
  /** The avatar chosen before (Edit Profile); none: the one drawn from the id until one is picked. */
  defaultAvatar?: AvatarId;
  /** 'busy': a request is in flight, the form is locked; 'error': `error` is shown. */
  status?: SendStatus;
  error?: string | null;
  /** The name exactly as typed: the form is permissive (docs/spec.md §5), the server validates. */
  onSubmit: (name: string, avatar?: AvatarId, pin?: string, kids?: boolean) => void;
  /**
   * The profile is a kids profile (7+ or lower): "Kids?" is ticked. Leaving Kids takes the
   * account password, so in Edit Profile the box then stays ticked and says where to do it.
   */
  defaultKids?: boolean;
  /** Add mode, when a profile lock asks for its PIN before a profile is added. */
  askPin?: boolean;
  onCancel: () => void;
  /** Edit mode: called after the viewer confirms the deletion. */
  onDelete?: () => void;
  /** More of Edit Profile after the form (its settings and lock). */
  children?: ReactNode;
}

export interface ProfileLimitReachedProps {
  /** The most profiles an account can have (shared/profiles/profile-rules.ts). */
  limit: number;
  onBack: () => void;
}

/**
 * Add Profile when the account already has `limit` profiles: said up front, with the way back,
 * instead of a form whose every submit would fail.
 */
export function ProfileLimitReached({ limit, onBack }: ProfileLimitReachedProps) {
  const titleId = `${useId()}-title`;
  return (
    <PageMain width="narrow" aria-labelledby={titleId}>
      <Title id={titleId}>Add Profile</Title>
      <Lead>
        This account has {limit} profiles, the most it can have. To add someone, delete a profile in Manage Profiles
        first.
      </Lead>
      <Actions css={{ marginTop: '$5' }}>
        <Button tone="light" css={{ borderRadius: 0, letterSpacing: '0.05em' }} onClick={onBack}>
          Back to profiles
        </Button>
      </Actions>
    </PageMain>
  );
}

/** The Add Profile and Edit Profile forms (docs/spec.md §2), with an inline confirmation before deleting. */
export function ProfileForm({
  mode,
  id,
  defaultName = '',
  defaultAvatar,
  askPin = false,
  defaultKids = false,
  status = 'idle',
  error: failure,
  onSubmit,
  onCancel,
  onDelete,
  children,
}: ProfileFormProps) {
  const busy = status === 'busy';
  const error = status === 'error' ? failure : null;
  const uid = useId();
  const titleId = `${uid}-title`;
  const errorId = `${uid}-error`;
  const editing = mode === 'edit';
  const [confirming, setConfirming] = useState(false);
  const [avatar, setAvatar] = useState<AvatarId | undefined>(defaultAvatar);
  const keepRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  // Focus moves to the safe choice when the confirmation appears, and back to 'Delete profile' after.
  useEffect(() => {
    if (confirming) keepRef.current?.focus();
    else if (returnFocus.current) {
      returnFocus.current = false;
      deleteRef.current?.focus();
    }
  }, [confirming]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const pin = askPin ? String(data.get('pin') ?? '') : undefined;
    const kids = data.get('kids') === 'on' && !(editing && defaultKids);
    const name = String(data.get('name') ?? '');
    if (kids) onSubmit(name, avatar, pin, true);
    else onSubmit(name, avatar, pin);
  };

  const displayName = defaultName || 'this profile';

  return (
    <PageMain width="narrow" aria-labelledby={titleId}>
      <Title id={titleId}>{editing ? 'Edit Profile' : 'Add Profile'}</Title>
      {!editing && <Lead>Add a profile for another person watching.</Lead>}
      <Form onSubmit={submit} noValidate aria-busy={busy || undefined}>
        <Rule>
          <ProfileAvatar id={id ?? 'new-profile'} name={defaultName} avatar={avatar} size="lg" />
          <FieldSlot>
            <TextField
              label="Name"
              name="name"
              autoComplete="off"
              defaultValue={defaultName}
              readOnly={busy}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
          </FieldSlot>
        </Rule>
        <AvatarPicker value={avatar} onValueChange={setAvatar} disabled={busy} />
        <ChoiceLabel data-disabled={editing && defaultKids ? '' : undefined}>
          <input
            type="checkbox"
            name="kids"
            defaultChecked={defaultKids}
            disabled={busy || (editing && defaultKids)}
            aria-describedby={`${uid}-kids`}
          />
          Kids?
        </ChoiceLabel>
        <KidsHint id={`${uid}-kids`}>
          {editing && defaultKids
            ? 'A kids profile. To leave Kids, choose a higher maturity rating below, with the account password.'
            : 'Only titles rated 7+ and below, with a simpler home.'}
        </KidsHint>
        {askPin && <PinField label="Profile lock PIN" busy={busy} />}
        <Alert id={errorId}>{error}</Alert>
        <Actions>
          <Button type="submit" tone="light" disabled={busy} css={{ borderRadius: 0, letterSpacing: '0.05em' }}>
            {editing ? 'Save' : 'Continue'}
          </Button>
          <Button tone="secondary" disabled={busy} css={outlined} onClick={onCancel}>
            Cancel
          </Button>
          {editing && !confirming && (
            <Button ref={deleteRef} tone="secondary" disabled={busy} css={outlined} onClick={() => setConfirming(true)}>
              Delete profile
            </Button>
          )}
        </Actions>
        {editing && confirming && (
          <Confirm role="group" aria-label="Confirm deletion">
            <ConfirmText>Delete {displayName}? This cannot be undone.</ConfirmText>
            <Actions>
              <Button tone="primary" disabled={busy} onClick={() => onDelete?.()}>
                Delete
              </Button>
              <Button
                ref={keepRef}
                tone="secondary"
                disabled={busy}
                onClick={() => {
                  returnFocus.current = true;
                  setConfirming(false);
                }}
              >
                Keep profile
              </Button>
            </Actions>
          </Confirm>
        )}
      </Form>
      {children}
    </PageMain>
  );
}
