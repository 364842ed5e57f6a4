import { type MouseEvent, useLayoutEffect } from 'react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';

import {
  FORGOT_PASSWORD_ADDRESS,
  SIGN_IN_ADDRESS,
  SIGN_UP_ADDRESS,
  SIGN_UP_EMAIL_PARAM,
} from '../../shared/web/signed-out-addresses';
import { BRAND } from '../brand';
import { ButtonLink } from '../components/Button';
import { Notice } from '../components/feedback/Notice';
import { TopBar } from '../components/layout/TopBar';
import { removePrerenderedShell } from './prerendered-shell';
import { SessionContext } from './session/session-context';
import { SignedOutScreen } from './SignedOutScreen';

const isPlainClick = (event: MouseEvent) =>
  !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey && event.button === 0;

/**
 * The addresses the landing document's Sign In link and Get Started form go to
 * (shared/web/signed-out-addresses.ts): opens the form they name, carrying Get Started's e-mail,
 * and shows it at "/" (docs/spec.md §2), before the first paint.
 */
function OpenSignedOutForm({ form }: { form: 'signIn' | 'signUp' | 'forgotPassword' }) {
  const actor = SessionContext.useActorRef();
  const [, navigate] = useLocation();
  const email = new URLSearchParams(useSearch()).get(SIGN_UP_EMAIL_PARAM) ?? '';
  useLayoutEffect(() => {
    if (form === 'signUp') actor.send({ type: 'landing.getStarted', email });
    else actor.send({ type: 'nav.signIn' });
    if (form === 'forgotPassword') actor.send({ type: 'nav.forgotPassword' });
    navigate('/', { replace: true });
  }, [actor, form, email, navigate]);
  return null;
}

/** The signed-out app: the landing page, the sign-in and sign-up forms, and their addresses. */
export default function SignedOutRoutes() {
  const actor = SessionContext.useActorRef();
  const authChecked = SessionContext.useSelector((s) => s.context.authChecked);
  // "You were signed out…": the server ended this browser's session (session.machine.ts).
  const notice = SessionContext.useSelector((s) => s.context.notice);
  // The landing page below replaces the one the built page showed before this script ran.
  useLayoutEffect(removePrerenderedShell, []);
  return (
    <>
      <TopBar brand={BRAND} scrollsAway onHomeClick={() => actor.send({ type: 'nav.home' })}>
        {/* A real link, as in the landing document; here the app opens the form in place. */}
        <ButtonLink
          size="sm"
          href={SIGN_IN_ADDRESS}
          onClick={(event) => {
            if (!isPlainClick(event)) return;
            event.preventDefault();
            actor.send({ type: 'nav.signIn' });
          }}
        >
          Sign In
        </ButtonLink>
      </TopBar>
      <Notice message={notice} tone="info" onDismiss={() => actor.send({ type: 'session.dismissNotice' })} />
      <Switch>
        <Route path="/" component={SignedOutScreen} />
        <Route path={SIGN_IN_ADDRESS}>
          <OpenSignedOutForm form="signIn" />
        </Route>
        <Route path={SIGN_UP_ADDRESS}>
          <OpenSignedOutForm form="signUp" />
        </Route>
        <Route path={FORGOT_PASSWORD_ADDRESS}>
          <OpenSignedOutForm form="forgotPassword" />
        </Route>
        {/* Every other address needs an account: once the auth backend has said there is none,
            go to the landing page. Before that, a new tab with a live session may be about to
            sign in on this very address, so show the landing page without leaving it. */}
        <Route>{authChecked ? <Redirect to="/" replace /> : <SignedOutScreen />}</Route>
      </Switch>
    </>
  );
}
