import { createContext, useContext } from 'react';

import type { PaymentsService } from '../../services/payments/payments.port';

/** The live payments service in the app; a stand-in that records the redirect in screen stories. */
export const PaymentsContext = createContext<PaymentsService | null>(null);

export function usePayments(): PaymentsService {
  const payments = useContext(PaymentsContext);
  if (!payments) throw new Error('usePayments needs a PaymentsContext provider');
  return payments;
}
