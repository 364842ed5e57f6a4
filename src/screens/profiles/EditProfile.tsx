import { useState } from 'react';

import { isKidsProfile } from '../../../shared/profiles/maturity';
import { settingsOf, subtitleStyleOf } from '../../../shared/profiles/profile-settings';
import { ProfileForm } from '../../components/profiles/ProfileForm';
import {
  ProfileLockForm,
  ProfileMaturityForm,
  ProfileSettingsForm,
} from '../../components/profiles/ProfileSettingsForm';
import { SubtitleAppearanceForm } from '../../components/profiles/SubtitleAppearanceForm';
import { sendStatus } from '../../components/status';
import type { ProfilesEvent } from '../../machines/profiles/profiles-types';
import type { Profile } from '../../services/user-state/user-state.port';

interface EditProfileProps {
  send: (event: ProfilesEvent) => void;
  profile: Profile;
  busy: boolean;
  error: string | null;
  /** Cancel's own way out (default: close the form in place). */
  onCancel?: () => void;
}

const SAVED = {
  settings: 'Settings saved.',
  subtitles: 'Subtitle appearance saved.',
  lock: 'Profile Lock saved.',
  maturity: 'Maturity rating saved.',
} as const;

/**
 * Edit Profile (docs/spec.md §2): save renames (and changes the avatar), delete (after confirming)
 * removes — both by id; below, the profile's settings, its subtitle appearance, its lock and its maturity rating, each saved on its own.
 */
export function EditProfile({ send, profile, busy, error, onCancel }: EditProfileProps) {
  // Which part was saved last: its line shows once the server has answered without a refusal.
  const [asked, setAsked] = useState<keyof typeof SAVED | null>(null);
  const saved = asked && !busy && !error ? SAVED[asked] : null;
  return (
    <ProfileForm
      // A different profile is a fresh form: the typed name must not carry over.
      key={profile.id}
      mode="edit"
      id={profile.id}
      defaultName={profile.name}
      defaultAvatar={profile.avatar}
      status={sendStatus(busy, error)}
      error={error}
      defaultKids={isKidsProfile(profile)}
      onSubmit={(name, avatar, _pin, kids) => send({ type: 'profiles.rename', id: profile.id, name, avatar, kids })}
      onCancel={onCancel ?? (() => send({ type: 'profiles.cancelEdit' }))}
      onDelete={() => send({ type: 'profiles.delete', id: profile.id })}
    >
      <ProfileSettingsForm
        settings={settingsOf(profile)}
        status={sendStatus(busy, null)}
        savedMessage={asked === 'settings' ? saved : null}
        onSave={(settings) => {
          setAsked('settings');
          send({ type: 'profiles.changeSettings', id: profile.id, settings });
        }}
      />
      <SubtitleAppearanceForm
        value={subtitleStyleOf(settingsOf(profile))}
        status={sendStatus(busy, null)}
        savedMessage={asked === 'subtitles' ? saved : null}
        onSave={({ size, color, background }) => {
          setAsked('subtitles');
          send({
            type: 'profiles.changeSettings',
            id: profile.id,
            settings: { subtitleSize: size, subtitleColor: color, subtitleBackground: background },
          });
        }}
      />
      <ProfileLockForm
        // Set or removed: the form starts afresh, its password and PIN cleared.
        key={String(profile.locked === true)}
        name={profile.name}
        locked={profile.locked === true}
        pinToAdd={profile.pinToAdd === true}
        status={sendStatus(busy, null)}
        onChange={(lock) => {
          setAsked('lock');
          send({ type: 'profiles.changeGuarded', id: profile.id, ...lock });
        }}
      />
      {asked === 'lock' && saved && <p role="status">{saved}</p>}
      <ProfileMaturityForm
        // Saved: the form starts afresh, its password cleared.
        key={profile.maturity ?? '18+'}
        name={profile.name}
        level={profile.maturity ?? '18+'}
        status={sendStatus(busy, null)}
        onChange={(change) => {
          setAsked('maturity');
          send({ type: 'profiles.changeGuarded', id: profile.id, ...change });
        }}
      />
      {asked === 'maturity' && saved && <p role="status">{saved}</p>}
    </ProfileForm>
  );
}
