import { Suspense } from 'react';

import type { PinPromptProps } from '../../components/profiles/PinPrompt';
import { sendStatus } from '../../components/status';
import { lazyScreen } from '../lazy-screen';
import { useProfileUnlock } from './profiles-actor';

// Only a locked profile asks for a PIN: its prompt is a chunk of its own, off every page's first load.
const PinPrompt = lazyScreen<PinPromptProps>(() =>
  import('../../components/profiles/PinPrompt').then((m) => ({ default: m.PinPrompt })),
);

/**
 * A locked profile's PIN, asked in place of the page while the profiles actor is unlocking one
 * (chosen on Who's Watching or in the top bar's menu). Null when no PIN is being asked.
 */
export function ProfileLockGate() {
  const { unlocking, profiles, busy, error, send } = useProfileUnlock();
  const profile = profiles.find((candidate) => candidate.id === unlocking);
  if (!profile) return null;
  return (
    <Suspense fallback={null}>
      <PinPrompt
        profile={profile}
        status={sendStatus(busy, error)}
        error={error}
        onSubmit={(pin) => send({ type: 'profiles.unlock', pin })}
        onCancel={() => send({ type: 'profiles.cancelUnlock' })}
      />
    </Suspense>
  );
}

/** Whether a PIN is being asked now (the gate above is showing). */
export function useAskingPin() {
  const { unlocking, profiles } = useProfileUnlock();
  return profiles.some((candidate) => candidate.id === unlocking);
}
