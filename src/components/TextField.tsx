import { type ComponentPropsWithoutRef, type ElementRef, forwardRef, useId } from 'react';

import { styled } from './stitches.config';

const Field = styled('div', { position: 'relative', width: '100%' });

// The label sits inside the box and moves up once there is a value or focus, like the real service's.
const Label = styled('label', {
  position: 'absolute',
  left: '$4',
  top: '50%',
  transform: 'translateY(-50%)',
  color: '$textMuted',
  fontSize: '$2',
  pointerEvents: 'none',
  transition: 'top 120ms ease, font-size 120ms ease',
});

/** The box a field's value is typed or chosen in: this input's, and a form's <select> beside it. */
export const fieldBoxStyles = {
  fontFamily: '$body',
  fontSize: '$2',
  color: '$text',
  backgroundColor: 'rgba(22, 22, 22, 0.7)',
  border: '1px solid $fieldBorder',
  borderRadius: '$2',
  '&:focus-visible': { outline: '2px solid $focus', outlineOffset: '2px' },
} as const;

const Input = styled('input', {
  width: '100%',
  height: '56px',
  padding: '22px $4 6px',
  ...fieldBoxStyles,
  '&[aria-invalid="true"]': { borderColor: '$danger' },
  [`&:focus + ${Label}, &:not(:placeholder-shown) + ${Label}`]: {
    top: '14px',
    fontSize: '11px',
  },
});

export interface TextFieldProps extends Omit<ComponentPropsWithoutRef<'input'>, 'placeholder'> {
  label: string;
}

/** A labelled text input; the rest of the props go to the <input>. */
export const TextField = forwardRef<ElementRef<'input'>, TextFieldProps>(({ label, id, ...props }, ref) => {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <Field>
      {/* A blank placeholder lets CSS know when the field has a value (:placeholder-shown). */}
      <Input ref={ref} id={inputId} placeholder=" " {...props} />
      <Label htmlFor={inputId}>{label}</Label>
    </Field>
  );
});
TextField.displayName = 'TextField';

/**
 * The account's password, asked to confirm a change: its email or password, a profile's lock or
 * maturity rating. `label` says it as the form asks for it ("Current password"). Kept here, not in
 * a module of its own: that became a chunk of its own, loaded by the account and profile pages.
 */
export function AccountPasswordField({ label, busy }: { label: string; busy: boolean }) {
  return <TextField label={label} name="password" type="password" autoComplete="current-password" readOnly={busy} />;
}
