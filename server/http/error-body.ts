import { Type } from 'typebox';

/** The one error shape every API route answers with: `{ error: { code, message } }`. */
export const ErrorBody = Type.Object({
  error: Type.Object({ code: Type.String(), message: Type.String() }),
});
