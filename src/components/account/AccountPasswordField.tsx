import { TextField } from '../TextField';

/**
 * The account's password, asked to confirm a change: its email or password, a profile's lock or
 * maturity rating. `label` says it as the form asks for it ("Current password").
 */
export function AccountPasswordField({ label, busy }: { label: string; busy: boolean }) {
  return <TextField label={label} name="password" type="password" autoComplete="current-password" readOnly={busy} />;
}
