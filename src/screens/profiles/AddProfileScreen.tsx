import { useLocation } from 'wouter';

import { MAX_PROFILES } from '../../../shared/profiles/profile-rules';
import { ProfileForm, ProfileLimitReached } from '../../components/profiles/ProfileForm';
import { sendStatus } from '../../components/status';
import { useProfilesScreen } from './use-profiles-screen';

/** /add-profile (docs/spec.md §2): a name, 'Continue' adds it and returns to /profiles; 'Cancel' returns. */
export default function AddProfileScreen() {
  const [, navigate] = useLocation();
  const { send, busy, error, profiles } = useProfilesScreen(
    { type: 'profiles.open', mode: 'browse' },
    { 'profiles.added': () => navigate('/profiles') },
  );

  // At the limit no name could be added: say so before anyone types one. (Not while an add is
  // in flight: the list may grow to the limit just before the screen moves on.)
  if (profiles.length >= MAX_PROFILES && !busy)
    return <ProfileLimitReached limit={MAX_PROFILES} onBack={() => navigate('/profiles')} />;

  return (
    <ProfileForm
      mode="add"
      status={sendStatus(busy, error)}
      error={error}
      askPin={profiles.some((profile) => profile.pinToAdd)}
      onSubmit={(name, avatar, pin, kids) => send({ type: 'profiles.add', name, avatar, pin, kids })}
      onCancel={() => navigate('/profiles')}
    />
  );
}
