import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';

import { BRAND } from '../brand';
import { AuthForm } from '../components/auth/AuthForm';
import { ForgotPasswordForm } from '../components/auth/ForgotPasswordForm';
import { Landing } from '../components/auth/Landing';
import { Backdrop } from '../components/layout/Backdrop';
import { sendStatus } from '../components/status';
import { FORGOT_PASSWORD_SENT } from '../machines/account/forgot-password.machine';
import { whenIdle } from '../when-idle';
import { provideForgotPassword } from './account/account-logic';
import { useInspectedActorRef } from './inspect-context';
import { useAuthService } from './session/auth-context';
import { SessionContext } from './session/session-context';

export const LANDING_BACKGROUND = '/images/landing-backdrop.svg';

// Below the landing's first screen: its own chunk, so the first load stays small. A chunk that
// cannot be fetched (the server went away) leaves the first screen alone rather than failing it.
const loadSections = () => import('../components/auth/LandingSections').catch(() => null);
const Nothing = (_: { brand: string }) => null;
const LandingSections = lazy(() => loadSections().then((module) => ({ default: module?.default ?? Nothing })));
const LandingFooter = lazy(() => loadSections().then((module) => ({ default: module?.LandingFooter ?? Nothing })));

const WAKE_EVENTS = ['scroll', 'keydown', 'pointerdown', 'touchstart'] as const;

/**
 * Whether to show what lies below the first screen: once the page has loaded and the browser is
 * idle, or as soon as the visitor scrolls, types or touches, whichever comes first.
 */
function useBelowTheFold(): boolean {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const afterLoad = () => whenIdle(want);
    for (const type of WAKE_EVENTS) window.addEventListener(type, want, { once: true, passive: true });
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
    return () => {
      for (const type of WAKE_EVENTS) window.removeEventListener(type, want);
      window.removeEventListener('load', afterLoad);
    };
  }, [wanted]);
  return wanted;
}

/** "/" when signed out: the landing page, sign-in or sign-up, chosen by the session's flags. */
export function SignedOutScreen() {
  const actor = SessionContext.useActorRef();
  const screen = SessionContext.useSelector((snapshot) =>
    snapshot.matches({ ready: { signedOut: 'signIn' } })
      ? 'signIn'
      : snapshot.matches({ ready: { signedOut: 'signUp' } })
        ? 'signUp'
        : snapshot.matches({ ready: { signedOut: 'forgotPassword' } })
          ? 'forgotPassword'
          : 'landing',
  );
  const busy = SessionContext.useSelector((snapshot) => snapshot.hasTag('busy'));
  const error = SessionContext.useSelector((snapshot) => snapshot.context.error);
  const signUpEmail = SessionContext.useSelector((snapshot) => snapshot.context.signUpEmail);
  const belowTheFold = useBelowTheFold();

  if (screen === 'forgotPassword') {
    return (
      <Backdrop backgroundSrc={LANDING_BACKGROUND}>
        <ForgotPassword onSignInClick={() => actor.send({ type: 'nav.signIn' })} />
      </Backdrop>
    );
  }
  if (screen === 'landing') {
    return (
      <Landing
        backgroundSrc={LANDING_BACKGROUND}
        defaultEmail={signUpEmail}
        onGetStarted={(email) => actor.send({ type: 'landing.getStarted', email })}
        more={
          belowTheFold && (
            <Suspense fallback={null}>
              <LandingSections brand={BRAND} />
            </Suspense>
          )
        }
        footer={
          belowTheFold && (
            <Suspense fallback={null}>
              <LandingFooter brand={BRAND} />
            </Suspense>
          )
        }
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
        status={sendStatus(busy, error)}
        error={error}
        onSubmit={(values) => actor.send({ type: `${screen}.submit`, ...values })}
        onSignUpClick={() => actor.send({ type: 'nav.signUp' })}
        onForgotPasswordClick={() => actor.send({ type: 'nav.forgotPassword' })}
      />
    </Backdrop>
  );
}

/** "Forgot password?" over its own machine (account/forgot-password.machine.ts). */
function ForgotPassword({ onSignInClick }: { onSignInClick: () => void }) {
  const auth = useAuthService();
  const logic = useMemo(() => provideForgotPassword(auth), [auth]);
  const actor = useInspectedActorRef(logic, { input: {} });
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const error = useSelector(actor, (s) => s.context.error);
  const email = useSelector(actor, (s) => s.context.email);
  const sent = useSelector(actor, (s) => s.matches('sent'));
  return (
    <ForgotPasswordForm
      defaultEmail={email}
      status={sendStatus(busy, error)}
      error={error}
      sentMessage={sent ? FORGOT_PASSWORD_SENT : null}
      onSubmit={(value) => actor.send({ type: 'reset.send', email: value })}
      onSendAgain={() => actor.send({ type: 'reset.again' })}
      onSignInClick={onSignInClick}
    />
  );
}
