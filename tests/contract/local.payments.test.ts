import { createLocalPayments } from '../../src/services/payments/local-payments.ts';
import { paymentsContract } from './payments.contract.ts';

paymentsContract('local adapter (the embedded hosted checkout page)', () => ({
  create: (navigate) => createLocalPayments({ navigate }),
}));
