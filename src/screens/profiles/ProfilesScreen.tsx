import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';

import { ProfileGrid } from '../../components/profiles/ProfileGrid';
import { sendStatus } from '../../components/status';
import { JOINED_MESSAGE, returnedPaid } from '../plans/checkout-return';
import { EditProfile } from './EditProfile';
import { ProfileLockGate, useAskingPin } from './ProfileLockGate';
import { useProfilesScreen } from './use-profiles-screen';

/**
 * /profiles (docs/spec.md §2): "Who's Watching?" — a tile makes that profile active and goes home;
 * in manage mode a tile opens Edit Profile in place, whose save and delete update the grid
 * without reloading the page.
 */
export default function ProfilesScreen() {
  const [location, navigate] = useLocation();
  // Back from paying at the join step: say so, and drop the mark so a reload does not.
  const search = useSearch();
  const [joined] = useState(() => returnedPaid(search));
  useEffect(() => {
    if (returnedPaid(search)) navigate(location, { replace: true });
  }, [search, location, navigate]);
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
      message={joined ? JOINED_MESSAGE : null}
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
