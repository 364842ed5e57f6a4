import { useEffect } from 'react';
import { useLocation } from 'wouter';

import { ProfileGrid } from '../../components/profiles/ProfileGrid';
import { EditProfile } from './EditProfile';
import { useProfilesActor, useProfilesView } from './use-profiles';

/**
 * /profiles (docs/spec.md §2): "Who's Watching?" — a tile makes that profile active and goes home;
 * in manage mode a tile opens Edit Profile in place, whose save and delete update the grid
 * without reloading the page.
 */
export default function ProfilesScreen() {
  const [, navigate] = useLocation();
  const actor = useProfilesActor();
  const { profiles, mode, editing, error, busy, selected } = useProfilesView(actor);

  useEffect(() => {
    if (selected) navigate('/');
  }, [selected, navigate]);

  const edited = profiles.find((profile) => profile.id === editing);
  if (edited) {
    return <EditProfile actor={actor} profile={edited} busy={busy} error={error} />;
  }

  return (
    <ProfileGrid
      profiles={profiles}
      mode={mode}
      busy={busy}
      error={error}
      onSelect={(id) => actor.send({ type: 'profiles.select', id })}
      onEdit={(id) => actor.send({ type: 'profiles.edit', id })}
      onAdd={() => navigate('/add-profile')}
      onToggleManage={() => actor.send({ type: 'profiles.toggleManage' })}
      onRetry={() => actor.send({ type: 'profiles.retry' })}
    />
  );
}
