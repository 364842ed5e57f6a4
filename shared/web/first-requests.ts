import { API_BASE, invoicesPath, productsPath, profilesPath, subscriptionsPath } from '../accounts/document-paths.ts';

/**
 * What a signed-in page asks the API for before its screen can show, by address, so that the
 * server's page can name it for the browser to fetch alongside the scripts, rather than after them
 * (server/web/web-routes.ts). Every screen waits for the profiles (who is watching); the account
 * and plan screens also show the plans, the current subscription and the billing history
 * (src/screens/account/AccountScreen.tsx, src/screens/plans/ChangePlanScreen.tsx).
 */
export function firstRequests(path: string, uid: string): string[] {
  const paths = [profilesPath(uid)];
  if (path === '/account' || path === '/change-plan') {
    paths.push(productsPath, subscriptionsPath(uid), invoicesPath(uid));
  }
  return paths.map((documents) => `${API_BASE}${documents}`);
}
