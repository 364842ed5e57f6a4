import { BRAND } from '../brand';
import { AuthForm } from '../components/auth/AuthForm';
import { Landing } from '../components/auth/Landing';
import { Backdrop } from '../components/layout/Backdrop';
import { SessionContext } from './session/session-context';

export const LANDING_BACKGROUND = '/images/landing-backdrop.svg';

/** "/" when signed out: the landing page, sign-in or sign-up, chosen by the session's flags. */
export function SignedOutScreen() {
  const actor = SessionContext.useActorRef();
  const screen = SessionContext.useSelector((snapshot) =>
    snapshot.matches({ ready: { signedOut: 'signIn' } })
      ? 'signIn'
      : snapshot.matches({ ready: { signedOut: 'signUp' } })
        ? 'signUp'
        : 'landing',
  );
  const busy = SessionContext.useSelector((snapshot) => snapshot.hasTag('busy'));
  const error = SessionContext.useSelector((snapshot) => snapshot.context.error);
  const signUpEmail = SessionContext.useSelector((snapshot) => snapshot.context.signUpEmail);

  if (screen === 'landing') {
    return (
      <Landing
        backgroundSrc={LANDING_BACKGROUND}
        defaultEmail={signUpEmail}
        onGetStarted={(email) => actor.send({ type: 'landing.getStarted', email })}
      />
    );
  }
  return (
    <Backdrop backgroundSrc={LANDING_BACKGROUND}>
      <AuthForm
        // A new form for each mode, so fields and focus start fresh.
        key={screen}
        mode={screen}
        brand={BRAND}
        defaultEmail={screen === 'signUp' ? signUpEmail : ''}
        submitting={busy}
        error={error}
        onSubmit={(values) => actor.send({ type: `${screen}.submit`, ...values })}
        onSignUpClick={() => actor.send({ type: 'nav.signUp' })}
      />
    </Backdrop>
  );
}
