import { type FormEvent, useId, useState } from 'react';

import { isKidsLevel, MATURITY_LABELS, MATURITY_LEVELS, type MaturityLevel } from '../../../shared/profiles/maturity';
import type { ProfileSettings } from '../../../shared/profiles/profile.schema';
import { PROFILE_LANGUAGES, type ProfileLanguage } from '../../../shared/profiles/profile-options';
import type { ProfileSettingsValues } from '../../../shared/profiles/profile-settings';
import { Button } from '../Button';
import type { SendStatus } from '../status';
import { styled } from '../stitches.config';
import { AccountPasswordField, fieldBoxStyles } from '../TextField';
import {
  ChoiceLabel,
  PinField,
  SaveRow,
  SettingsHeading,
  SettingsLead,
  SettingsRow,
  SettingsSection,
} from './settings-parts';

const Select = styled('select', { height: '44px', padding: '0 $3', ...fieldBoxStyles });

const Field = styled('label', { display: 'flex', flexDirection: 'column', gap: '$2', fontSize: '$2' });

export interface ProfileSettingsFormProps {
  /** The profile's settings, defaults filled in (shared settingsOf). */
  settings: ProfileSettingsValues;
  status?: SendStatus;
  /** A line saying the last change was saved, read out politely. */
  savedMessage?: string | null;
  onSave: (settings: ProfileSettings) => void;
}

/** Edit Profile's playback and language settings: autoplay next episode, autoplay previews, language. */
export function ProfileSettingsForm({ settings, status = 'idle', savedMessage, onSave }: ProfileSettingsFormProps) {
  const id = useId();
  const busy = status === 'busy';
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    onSave({
      autoplayNext: data.get('autoplayNext') === 'on',
      autoplayPreviews: data.get('autoplayPreviews') === 'on',
      language: String(data.get('language')) as ProfileLanguage,
    });
  };
  return (
    <SettingsSection aria-labelledby={`${id}-title`}>
      <SettingsHeading id={`${id}-title`}>Playback and language</SettingsHeading>
      <form onSubmit={submit} aria-busy={busy || undefined}>
        <SettingsRow css={{ flexDirection: 'column', alignItems: 'flex-start' }}>
          <ChoiceLabel>
            <input type="checkbox" name="autoplayNext" defaultChecked={settings.autoplayNext} disabled={busy} />
            Autoplay next episode in a series
          </ChoiceLabel>
          <ChoiceLabel>
            <input type="checkbox" name="autoplayPreviews" defaultChecked={settings.autoplayPreviews} disabled={busy} />
            Autoplay previews while browsing
          </ChoiceLabel>
          <Field>
            Display language
            <Select name="language" defaultValue={settings.language} disabled={busy}>
              {PROFILE_LANGUAGES.map((language) => (
                <option key={language.code} value={language.code} lang={language.code}>
                  {language.name}
                </option>
              ))}
            </Select>
          </Field>
          <SaveRow busy={busy} savedMessage={savedMessage}>
            Update settings
          </SaveRow>
        </SettingsRow>
      </form>
    </SettingsSection>
  );
}

export interface ProfileLockFormProps {
  name: string;
  locked: boolean;
  pinToAdd: boolean;
  status?: SendStatus;
  onChange: (lock: { password: string; pin: string | null; pinToAdd: boolean }) => void;
}

/**
 * Edit Profile's Profile Lock: a 4-digit PIN asked when this profile is chosen, set or removed
 * with the account password; optionally asked before any new profile is added.
 */
export function ProfileLockForm({ name, locked, pinToAdd, status = 'idle', onChange }: ProfileLockFormProps) {
  const id = useId();
  const busy = status === 'busy';
  const [removing, setRemoving] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const password = String(data.get('password') ?? '');
    onChange(
      removing
        ? { password, pin: null, pinToAdd: false }
        : { password, pin: String(data.get('pin') ?? ''), pinToAdd: data.get('pinToAdd') === 'on' },
    );
  };
  return (
    <SettingsSection aria-labelledby={`${id}-title`}>
      <SettingsHeading id={`${id}-title`}>Profile Lock</SettingsHeading>
      <SettingsLead>
        {locked
          ? `A PIN is asked whenever ${name} is chosen.`
          : `Ask for a 4-digit PIN whenever ${name} is chosen. Your account password is needed to set it.`}
      </SettingsLead>
      <form onSubmit={submit} noValidate aria-busy={busy || undefined}>
        <SettingsRow css={{ flexDirection: 'column', alignItems: 'stretch' }}>
          <AccountPasswordField label="Account password" busy={busy} />
          {!removing && (
            <>
              <PinField label={locked ? 'New 4-digit PIN' : '4-digit PIN'} busy={busy} />
              <ChoiceLabel>
                <input type="checkbox" name="pinToAdd" defaultChecked={pinToAdd} disabled={busy} />
                Require this PIN to add new profiles
              </ChoiceLabel>
            </>
          )}
          <SettingsRow>
            <Button type="submit" tone="secondary" disabled={busy}>
              {removing ? 'Remove lock' : locked ? 'Change PIN' : 'Lock profile'}
            </Button>
            {locked && (
              <Button tone="link" disabled={busy} onClick={() => setRemoving((value) => !value)}>
                {removing ? 'Keep the lock' : 'Remove the lock instead'}
              </Button>
            )}
          </SettingsRow>
        </SettingsRow>
      </form>
    </SettingsSection>
  );
}

const Levels = styled('fieldset', {
  display: 'flex',
  flexDirection: 'column',
  gap: '$3',
  margin: 0,
  padding: 0,
  border: 'none',
  '& legend': { padding: 0, marginBottom: '$3', fontSize: '$2' },
});

export interface ProfileMaturityFormProps {
  name: string;
  /** The profile's level (18+ when its document says none). */
  level: MaturityLevel;
  status?: SendStatus;
  onChange: (change: { password: string; level: MaturityLevel }) => void;
}

/**
 * Edit Profile's maturity setting: the highest level of title this profile is shown, anywhere in
 * the service, set with the account password. At 7+ or lower it is a kids profile.
 */
export function ProfileMaturityForm({ name, level, status = 'idle', onChange }: ProfileMaturityFormProps) {
  const id = useId();
  const busy = status === 'busy';
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    onChange({ password: String(data.get('password') ?? ''), level: String(data.get('level')) as MaturityLevel });
  };
  return (
    <SettingsSection aria-labelledby={`${id}-title`}>
      <SettingsHeading id={`${id}-title`}>Maturity rating</SettingsHeading>
      <SettingsLead>
        {level === '18+'
          ? `${name} is shown titles of every maturity rating.`
          : `${isKidsLevel(level) ? 'A kids profile: ' : ''}${name} is shown only titles rated ${MATURITY_LABELS[level]}${level === 'all' ? '' : ' and below'}.`}
      </SettingsLead>
      <form onSubmit={submit} noValidate aria-busy={busy || undefined}>
        <SettingsRow css={{ flexDirection: 'column', alignItems: 'stretch' }}>
          <Levels disabled={busy}>
            <legend>Show titles rated</legend>
            {MATURITY_LEVELS.map((each) => (
              <ChoiceLabel key={each}>
                <input type="radio" name="level" value={each} defaultChecked={each === level} />
                {MATURITY_LABELS[each]}
                {isKidsLevel(each) ? ' (kids)' : ''}
              </ChoiceLabel>
            ))}
          </Levels>
          <AccountPasswordField label="Account password" busy={busy} />
          <SettingsRow>
            <Button type="submit" tone="secondary" disabled={busy}>
              Save maturity rating
            </Button>
          </SettingsRow>
        </SettingsRow>
      </form>
    </SettingsSection>
  );
}
