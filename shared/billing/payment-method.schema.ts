import { type Static, Type } from 'typebox';

/** The card renewals charge: only its brand and last 4 digits are ever kept. */
export const CardOnFileDocument = Type.Union([
  Type.Object({ brand: Type.String(), last4: Type.String() }),
  Type.Null(),
]);
export type CardOnFileDocument = Static<typeof CardOnFileDocument>;

/** A new card, as the account page's form sends it (the checkout's fields: expiry "MM / YY"). */
export const PaymentMethodUpdate = Type.Object(
  {
    number: Type.String({ maxLength: 64 }),
    expiry: Type.String({ maxLength: 16 }),
    cvc: Type.String({ maxLength: 8 }),
    name: Type.String({ maxLength: 200 }),
  },
  { additionalProperties: false },
);
export type PaymentMethodUpdate = Static<typeof PaymentMethodUpdate>;
