import { useLocation } from 'wouter';

import { ProfileGrid } from '../../components/profiles/ProfileGrid';
import { sendStatus } from '../../components/status';
import { EditProfile } from './EditProfile';
import { ProfileLockGate, useAskingPin } from './ProfileLockGate';
import { useProfilesScreen } from './use-profiles-screen';

/**
 * /profiles (docs/spec.md §2): "Who's Watching?" — a tile makes that profile active and goes home;
 * in manage mode a tile opens Edit Profile in place, whose save and delete update the grid
 * without reloading the page.
 */
export default function ProfilesScreen() {
  const [, navigate] = useLocation();
  const { send, profiles, mode, editing, error, busy } = useProfilesScreen(
    { type: 'profiles.open', mode: 'browse' },
    { 'profiles.selected': () => navigate('/') },
  );

  // A locked profile chosen here: its PIN in place of the grid (then home, as any choice).
  const askingPin = useAskingPin();
  const edited = profiles.find((profile) => profile.id === editing);
  if (askingPin) return <ProfileLockGate />;
  if (edited) {
    return <EditProfile send={send} profile={edited} busy={busy} error={error} />;
  }

  return (
    <ProfileGrid
      profiles={profiles}
      mode={mode}
      status={sendStatus(busy, error)}
      error={error}
      onSelect={(id) => send({ type: 'profiles.select', id })}
      onEdit={(id) => send({ type: 'profiles.edit', id })}
      onAdd={() => navigate('/add-profile')}
      onToggleManage={() => send({ type: 'profiles.toggleManage' })}
      onRetry={() => send({ type: 'profiles.retry' })}
    />
  );
}
