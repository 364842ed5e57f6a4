import { useSelector } from '@xstate/react';
import { useLayoutEffect, useMemo, useState } from 'react';

import { FORGOT_PASSWORD_ADDRESS, RESET_CODE_PARAM, SIGN_IN_ADDRESS } from '../../../shared/web/signed-out-addresses';
import { BRAND } from '../../brand';
import { ResetPasswordForm } from '../../components/auth/ResetPasswordForm';
import { Backdrop } from '../../components/layout/Backdrop';
import { TopBar } from '../../components/layout/TopBar';
import { sendStatus } from '../../components/status';
import { useInspectedActorRef } from '../inspect-context';
import { removePrerenderedShell } from '../prerendered-shell';
import { useAuthService } from '../session/auth-context';
import { LANDING_BACKGROUND } from '../SignedOutScreen';
import { provideResetPassword } from './account-logic';

/** Firebase's own links name the code `oobCode`, should a project's action address point here. */
const FIREBASE_CODE_PARAM = 'oobCode';

/**
 * A reset link's page, /reset-password?code=… (docs/account.md), signed in or out. The code is
 * read once and taken out of the address, so it is not left in history or shared by a copy.
 */
export default function ResetPasswordScreen() {
  const auth = useAuthService();
  const [code] = useState(() => {
    const params = new URLSearchParams(window.location.search);
    return params.get(RESET_CODE_PARAM) ?? params.get(FIREBASE_CODE_PARAM) ?? '';
  });
  useLayoutEffect(() => {
    removePrerenderedShell();
    if (window.location.search) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);
  const logic = useMemo(() => provideResetPassword(auth), [auth]);
  const actor = useInspectedActorRef(logic, { input: { code } });
  const stage = useSelector(actor, (s) => (s.matches('done') ? 'done' : s.matches('noCode') ? 'noCode' : 'form'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const error = useSelector(actor, (s) => s.context.error);
  return (
    <>
      <TopBar brand={BRAND} scrollsAway onHomeClick={() => window.location.assign('/')} />
      <Backdrop backgroundSrc={LANDING_BACKGROUND}>
        <ResetPasswordForm
          stage={stage}
          status={sendStatus(busy, error)}
          error={error}
          onSubmit={(password) => actor.send({ type: 'reset.confirm', password })}
          signInHref={SIGN_IN_ADDRESS}
          forgotHref={FORGOT_PASSWORD_ADDRESS}
        />
      </Backdrop>
    </>
  );
}
