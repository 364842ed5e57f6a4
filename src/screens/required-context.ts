import { type Context, useContext } from 'react';

/**
 * A service the app provides once (App.tsx, or the signed-in routes) and screen stories fake:
 * used outside its provider, it is a wiring mistake, said by the provider's name.
 */
export function useRequiredContext<T>(context: Context<T | null>, name: string): T {
  const value = useContext(context);
  if (value === null) throw new Error(`No ${name} provider above this component`);
  return value;
}
