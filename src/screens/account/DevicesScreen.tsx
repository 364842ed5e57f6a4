import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useLocation } from 'wouter';

import { DevicesList } from '../../components/account/DevicesList';
import { ErrorPage } from '../../components/feedback/ErrorPage';
import type { DevicesService } from '../../services/auth/auth.port';
import { useInspectedActorRef } from '../inspect-context';
import { useAuthService } from '../session/auth-context';
import { lastSeenText, provideDevices } from './account-logic';

/** /account/devices (docs/account.md): the account's signed-in devices, each with Sign out. */
export default function DevicesScreen() {
  const auth = useAuthService();
  if (!auth.devices) {
    return (
      <ErrorPage
        title="Devices"
        message="This sign-in service does not list devices. Sign Out of All Devices is on the account page."
      />
    );
  }
  return <Devices devices={auth.devices} />;
}

function Devices({ devices }: { devices: DevicesService }) {
  const [, navigate] = useLocation();
  const logic = useMemo(() => provideDevices(devices), [devices]);
  const actor = useInspectedActorRef(logic);
  const sessions = useSelector(actor, (s) => s.context.sessions);
  const status = useSelector(actor, (s) => (s.hasTag('loading') ? 'loading' : s.hasTag('error') ? 'error' : 'ready'));
  const error = useSelector(actor, (s) => s.context.error);
  const ending = useSelector(actor, (s) => s.context.ending);
  const rows = useMemo(
    () =>
      sessions.map((session) => ({
        id: session.id,
        device: session.device,
        place: session.current ? 'This device' : session.address || 'Unknown place',
        lastSeen: session.current ? 'now' : lastSeenText(session.lastSeenAt),
      })),
    [sessions],
  );
  return (
    <DevicesList
      status={status}
      error={error}
      rows={rows}
      endingId={ending}
      onSignOut={(id) => {
        const session = sessions.find((candidate) => candidate.id === id);
        if (session) actor.send({ type: 'devices.signOut', session });
      }}
      onRetry={() => actor.send({ type: 'devices.retry' })}
      accountHref="/account"
      onAccountClick={() => navigate('/account')}
    />
  );
}
