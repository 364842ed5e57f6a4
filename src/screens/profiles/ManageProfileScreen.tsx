import { useEffect } from 'react';
import { useLocation } from 'wouter';

import { SessionContext } from '../session/session-context';
import { EditProfile } from './EditProfile';
import { useProfilesActor, useProfilesView } from './use-profiles';

/**
 * /manage-profile (docs/decisions.md): Edit Profile for the active profile. Saving, deleting or
 * cancelling returns to /profiles, as does arriving with no active profile.
 */
export default function ManageProfileScreen() {
  const [, navigate] = useLocation();
  const activeId = SessionContext.useSelector((s) => s.context.profiles.find((profile) => profile.activeProfile)?.id);
  const actor = useProfilesActor({ mode: 'manage', editing: activeId ?? null });
  const { profiles, editing, busy, error } = useProfilesView(actor);
  const edited = profiles.find((profile) => profile.id === editing);

  useEffect(() => {
    if (!edited && !busy) navigate('/profiles', { replace: true });
  }, [edited, busy, navigate]);

  if (!edited) return null;
  return <EditProfile actor={actor} profile={edited} busy={busy} error={error} />;
}
