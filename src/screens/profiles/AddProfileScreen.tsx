import { useEffect } from 'react';
import { useLocation } from 'wouter';

import { ProfileForm } from '../../components/profiles/ProfileForm';
import { useProfilesActor, useProfilesView } from './use-profiles';

/** /add-profile (docs/spec.md §2): a name, 'Continue' adds it and returns to /profiles; 'Cancel' returns. */
export default function AddProfileScreen() {
  const [, navigate] = useLocation();
  const actor = useProfilesActor();
  const { busy, error, lastAdded } = useProfilesView(actor);

  useEffect(() => {
    if (lastAdded) navigate('/profiles');
  }, [lastAdded, navigate]);

  return (
    <ProfileForm
      mode="add"
      busy={busy}
      error={error}
      onSubmit={(name) => actor.send({ type: 'profiles.add', name })}
      onCancel={() => navigate('/profiles')}
    />
  );
}
