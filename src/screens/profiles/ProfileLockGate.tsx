import { PinPrompt } from '../../components/profiles/PinPrompt';
import { sendStatus } from '../../components/status';
import { useProfileUnlock } from './profiles-actor';

/**
 * A locked profile's PIN, asked in place of the page while the profiles actor is unlocking one
 * (chosen on Who's Watching or in the top bar's menu). Null when no PIN is being asked.
 */
export function ProfileLockGate() {
  const { unlocking, profiles, busy, error, send } = useProfileUnlock();
  const profile = profiles.find((candidate) => candidate.id === unlocking);
  if (!profile) return null;
  return (
    <PinPrompt
      profile={profile}
      status={sendStatus(busy, error)}
      error={error}
      onSubmit={(pin) => send({ type: 'profiles.unlock', pin })}
      onCancel={() => send({ type: 'profiles.cancelUnlock' })}
    />
  );
}

/** Whether a PIN is being asked now (the gate above is showing). */
export function useAskingPin() {
  const { unlocking, profiles } = useProfileUnlock();
  return profiles.some((candidate) => candidate.id === unlocking);
}
