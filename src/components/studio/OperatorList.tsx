import { type FormEvent, useState } from 'react';

import type { Operator } from '../../../shared/studio/studio.schema';
import { VisuallyHidden } from '../browse/BrowseLayout';
import { Button } from '../Button';
import type { SendStatus } from '../status';
import { Field, Problem, Row, Table } from './studio-parts';

export interface OperatorListProps {
  operators: Operator[];
  /** Whose account this is: an operator may not revoke the last operator, itself included. */
  status: SendStatus;
  error?: string | null;
  onGrant: (email: string) => void;
  onRevoke: (uid: string) => void;
}

/** Who runs the studio; make another account an operator by its e-mail, or take the role back. */
export function OperatorList({ operators, status, error, onGrant, onRevoke }: OperatorListProps) {
  const [email, setEmail] = useState('');
  const busy = status === 'busy';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim()) onGrant(email.trim());
  };
  return (
    <>
      <Table aria-label="Operators">
        <thead>
          <tr>
            <th scope="col">Account</th>
            <th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </th>
          </tr>
        </thead>
        <tbody>
          {operators.map((operator) => (
            <tr key={operator.uid}>
              <td>{operator.email}</td>
              <td>
                <Button
                  tone="secondary"
                  size="sm"
                  disabled={busy || operators.length <= 1}
                  aria-label={`Revoke ${operator.email}`}
                  onClick={() => onRevoke(operator.uid)}
                >
                  Revoke
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <form onSubmit={submit} aria-label="Make an operator">
        <Row>
          <Field>
            E-mail of an account
            <input type="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
          </Field>
          <Button type="submit" disabled={busy}>
            Make operator
          </Button>
        </Row>
      </form>
      {status === 'error' && error && <Problem role="alert">{error}</Problem>}
    </>
  );
}
