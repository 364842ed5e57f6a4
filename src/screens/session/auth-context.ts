import { createContext } from 'react';

import type { AuthService } from '../../services/auth/auth.port';
import { useRequiredContext } from '../required-context';

/** The live auth service in the app (account recovery and management); in-memory ones in stories. */
export const AuthContext = createContext<AuthService | null>(null);

export function useAuthService(): AuthService {
  return useRequiredContext(AuthContext, 'AuthContext');
}
