import { createContext, useContext } from 'react';

import type { AuthService } from '../../services/auth/auth.port';

/** The live auth service in the app (account recovery and management); in-memory ones in stories. */
export const AuthContext = createContext<AuthService | null>(null);

export function useAuthService(): AuthService {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuthService needs an AuthContext provider');
  return auth;
}
