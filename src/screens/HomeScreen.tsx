import { WelcomePanel } from '../components/WelcomePanel';
import { BRAND } from '../brand';
import { SessionContext } from './session/session-context';

/** "/" when signed in. A minimal home until the browse screens replace it. */
export default function HomeScreen() {
  const actor = SessionContext.useActorRef();
  const email = SessionContext.useSelector((snapshot) => snapshot.context.user?.email ?? '');
  const signingOut = SessionContext.useSelector((snapshot) => snapshot.hasTag('busy'));
  const error = SessionContext.useSelector((snapshot) => snapshot.context.error);
  return (
    <WelcomePanel
      brand={BRAND}
      email={email}
      signingOut={signingOut}
      error={error}
      onSignOut={() => actor.send({ type: 'session.signOut' })}
    />
  );
}
