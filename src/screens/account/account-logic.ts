import { credentialsMachine } from '../../machines/account/credentials.machine';
import { devicesMachine } from '../../machines/account/devices.machine';
import { forgotPasswordMachine } from '../../machines/account/forgot-password.machine';
import { paymentMethodMachine } from '../../machines/account/payment-method.machine';
import { type ConfirmResetInput, resetPasswordMachine } from '../../machines/account/reset-password.machine';
import { fromPromise } from '../../machines/from-promise';
import type { BillingStore, CardInput } from '../../services/account-store/billing.port';
import type { AuthService, DeviceSession, DevicesService } from '../../services/auth/auth.port';

/** The account machines over the auth and billing ports (docs/account.md). */

export const provideForgotPassword = (auth: AuthService) =>
  forgotPasswordMachine.provide({
    actors: {
      sendResetEmail: fromPromise(({ input }: { input: { email: string } }) =>
        auth.sendPasswordResetEmail(input.email),
      ),
    },
  });

export const provideResetPassword = (auth: AuthService) =>
  resetPasswordMachine.provide({
    actors: {
      confirmReset: fromPromise(({ input }: { input: ConfirmResetInput }) =>
        auth.confirmPasswordReset(input.code, input.password),
      ),
    },
  });

export const provideCredentials = (auth: AuthService) =>
  credentialsMachine.provide({
    actors: {
      changeEmail: fromPromise(({ input }: { input: { password: string; email: string } }) =>
        auth.changeEmail(input.password, input.email),
      ),
      changePassword: fromPromise(({ input }: { input: { password: string; newPassword: string } }) =>
        auth.changePassword(input.password, input.newPassword),
      ),
    },
  });

export const provideDevices = (devices: DevicesService) =>
  devicesMachine.provide({
    actors: {
      listDevices: fromPromise(() => devices.list()),
      signOutDevice: fromPromise(({ input }: { input: DeviceSession }) => devices.signOut(input)),
    },
  });

export const providePaymentMethod = (paymentMethod: NonNullable<BillingStore['paymentMethod']>) =>
  paymentMethodMachine.provide({
    actors: {
      loadCard: fromPromise(({ input }: { input: { uid: string } }) => paymentMethod.get(input.uid)),
      updateCard: fromPromise(({ input }: { input: { uid: string; card: CardInput } }) =>
        paymentMethod.update(input.uid, input.card),
      ),
    },
  });

/** "29 November 2026, 01:20" in the reader's time zone. */
export const lastSeenText = (iso: string, locale = 'en-GB'): string =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));
