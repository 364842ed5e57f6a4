import { createContext, useContext } from 'react';

import type { AccountStore } from '../../services/account-store/account-store.port';

/** The live account store in the app; an in-memory one in screen stories. */
export const AccountStoreContext = createContext<AccountStore | null>(null);

export function useAccountStore(): AccountStore {
  const store = useContext(AccountStoreContext);
  if (!store) throw new Error('useAccountStore needs an AccountStoreContext provider');
  return store;
}
