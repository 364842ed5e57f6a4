import { ProfileForm } from '../../components/profiles/ProfileForm';
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

/** Edit Profile (docs/spec.md §2): save renames, delete (after confirming) removes — both by id. */
export function EditProfile({ send, profile, busy, error, onCancel }: EditProfileProps) {
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
      onSubmit={(name, avatar) => send({ type: 'profiles.rename', id: profile.id, name, avatar })}
      onCancel={onCancel ?? (() => send({ type: 'profiles.cancelEdit' }))}
      onDelete={() => send({ type: 'profiles.delete', id: profile.id })}
    />
  );
}
