import { useLocation } from 'wouter';

import { AccountDetails } from '../../components/account/AccountDetails';
import { usePlans } from '../plans/use-plans';
import { SessionContext } from '../session/session-context';
import { memberSince } from './member-since';

/** /account (docs/spec.md §2): the signed-in account's e-mail, member-since date and subscribed plan's name. */
export default function AccountScreen() {
  const [, navigate] = useLocation();
  const session = SessionContext.useActorRef();
  const user = SessionContext.useSelector((s) => s.context.user);
  const signingOut = SessionContext.useSelector((s) => s.hasTag('busy'));
  const { current, loading, error, retry } = usePlans();

  return (
    <AccountDetails
      email={user?.email ?? ''}
      memberSince={memberSince(user?.createdAt)}
      planName={current?.name ?? null}
      planLoading={loading}
      planError={error}
      onRetryPlan={retry}
      changePlanHref="/change-plan"
      onChangePlan={() => navigate('/change-plan')}
      // Once signed out, the signed-out routes lead every address to the landing page at /.
      onSignOut={() => session.send({ type: 'session.signOut' })}
      onSignOutEverywhere={() => session.send({ type: 'session.signOutEverywhere' })}
      signingOut={signingOut}
    />
  );
}
