import { createContext } from 'react';

import type { PaymentsService } from '../../services/payments/payments.port';
import { useRequiredContext } from '../required-context';

/** The live payments service in the app; a stand-in that records the redirect in screen stories. */
export const PaymentsContext = createContext<PaymentsService | null>(null);

export function usePayments(): PaymentsService {
  return useRequiredContext(PaymentsContext, 'PaymentsContext');
}
