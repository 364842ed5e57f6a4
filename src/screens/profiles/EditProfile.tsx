import { ProfileForm } from '../../components/profiles/ProfileForm';
import type { Profile } from '../../services/user-state/user-state.port';
import type { useProfilesActor } from './use-profiles';

interface EditProfileProps {
  actor: ReturnType<typeof useProfilesActor>;
  profile: Profile;
  busy: boolean;
  error: string | null;
}

/** Edit Profile (docs/spec.md §2): save renames, delete (after confirming) removes — both by id. */
export function EditProfile({ actor, profile, busy, error }: EditProfileProps) {
  return (
    <ProfileForm
      // A different profile is a fresh form: the typed name must not carry over.
      key={profile.id}
      mode="edit"
      id={profile.id}
      defaultName={profile.name}
      busy={busy}
      error={error}
      onSubmit={(name) => actor.send({ type: 'profiles.rename', id: profile.id, name })}
      onCancel={() => actor.send({ type: 'profiles.cancelEdit' })}
      onDelete={() => actor.send({ type: 'profiles.delete', id: profile.id })}
    />
  );
}
