import { Redirect, useLocation } from 'wouter';

import { EditProfile } from './EditProfile';
import { useProfilesScreen } from './use-profiles-screen';

/**
 * /manage-profile (docs/decisions.md): Edit Profile for the active profile. Saving, deleting or
 * cancelling returns to /profiles, as does arriving with no active profile.
 */
export default function ManageProfileScreen() {
  const [, navigate] = useLocation();
  const { send, profiles, busy, loading, error } = useProfilesScreen(
    { type: 'profiles.open', mode: 'manage' },
    { 'profiles.saved': () => navigate('/profiles') },
  );
  const active = profiles.find((profile) => profile.activeProfile);

  if (!active) return loading ? null : <Redirect to="/profiles" replace />;
  return <EditProfile send={send} profile={active} busy={busy} error={error} onCancel={() => navigate('/profiles')} />;
}
