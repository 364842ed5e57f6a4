import { resolutionName } from '../../../shared/billing/entitlements';
import type { PlanEntitlementsText } from '../../components/plans/PlanEntitlements';
import type { Plan } from '../../services/account-store/plans.port';

/** A plan's entitlements in the words its row shows, or null when its product record has none. */
export function entitlementsText(plan: Pick<Plan, 'entitlements'>): PlanEntitlementsText | null {
  if (!plan.entitlements) return null;
  return { resolution: resolutionName(plan.entitlements.maxHeight), screens: String(plan.entitlements.screens) };
}
