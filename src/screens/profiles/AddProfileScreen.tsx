import { useLocation } from 'wouter';

import { ProfileForm } from '../../components/profiles/ProfileForm';
import { sendStatus } from '../../components/status';
import { useProfilesScreen } from './profiles-actor';

/** /add-profile (docs/spec.md §2): a name, 'Continue' adds it and returns to /profiles; 'Cancel' returns. */
export default function AddProfileScreen() {
  const [, navigate] = useLocation();
  const { send, busy, error } = useProfilesScreen(
    { type: 'profiles.open', mode: 'browse' },
    { 'profiles.added': () => navigate('/profiles') },
  );

  return (
    <ProfileForm
      mode="add"
      status={sendStatus(busy, error)}
      error={error}
      onSubmit={(name) => send({ type: 'profiles.add', name })}
      onCancel={() => navigate('/profiles')}
    />
  );
}
