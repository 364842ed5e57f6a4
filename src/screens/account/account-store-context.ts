import { createContext } from 'react';

import type { AccountStore } from '../../services/account-store/account-store.port';
import { useRequiredContext } from '../required-context';

/** The live account store in the app; an in-memory one in screen stories. */
export const AccountStoreContext = createContext<AccountStore | null>(null);

export function useAccountStore(): AccountStore {
  return useRequiredContext(AccountStoreContext, 'AccountStoreContext');
}
