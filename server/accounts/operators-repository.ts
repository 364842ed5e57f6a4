import type { Database } from 'better-sqlite3';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import { runWrite } from '../db/write-turn.ts';
import { sendProblem } from '../http/problems.ts';

/** An account that may run the studio. */
export interface Operator {
  uid: string;
  email: string;
}

/** Why a change of role was refused. */
export type RoleRefusal = 'no-account' | 'last-operator';

/**
 * The accounts' roles (migration 017): who is an operator. Read from the table on every ask, not
 * from the session cache, so a role taken back counts at the next request, in every process.
 */
export function createOperatorsRepository(db: Database) {
  const roleOf = db.prepare<[string], string>('SELECT role FROM accounts WHERE uid = ?').pluck();
  const all = db.prepare<[], Operator>(
    "SELECT uid, email FROM accounts WHERE role = 'operator' ORDER BY created_at, rowid",
  );
  const byEmail = db.prepare<[string], Operator>('SELECT uid, email FROM accounts WHERE email = ?');
  const byUid = db.prepare<[string], Operator>('SELECT uid, email FROM accounts WHERE uid = ?');
  const setRole = db.prepare('UPDATE accounts SET role = ? WHERE uid = ?');
  const countOperators = db.prepare<[], number>("SELECT count(*) FROM accounts WHERE role = 'operator'").pluck();
  const countAccounts = db.prepare<[], number>('SELECT count(*) FROM accounts').pluck();

  return {
    isOperator(uid: string): boolean {
      return roleOf.get(uid) === 'operator';
    },
    list(): Operator[] {
      return all.all();
    },
    /** How many accounts there are at all (none: the first to sign up becomes the operator). */
    accounts(): number {
      return countAccounts.get() ?? 0;
    },
    /** Makes the account with this e-mail an operator (in a write turn). */
    grant(email: string): Operator | RoleRefusal {
      const account = byEmail.get(email);
      if (!account) return 'no-account';
      runWrite(setRole, 'operator', account.uid);
      return account;
    },
    /** Takes the role back (in a write turn); never from the last operator. */
    revoke(uid: string): Operator | RoleRefusal {
      const account = byUid.get(uid);
      if (!account) return 'no-account';
      if (roleOf.get(uid) !== 'operator') return account;
      if ((countOperators.get() ?? 0) <= 1) return 'last-operator';
      runWrite(setRole, 'subscriber', uid);
      return account;
    },
  };
}

export type OperatorsRepository = ReturnType<typeof createOperatorsRepository>;

/** What an unknown address answers: the studio answers anyone but an operator the same way. */
export const notFound = (request: FastifyRequest, reply: FastifyReply) =>
  sendProblem(reply, {
    status: 404,
    code: 'not-found',
    message: `No route for ${request.method} ${request.url.split('?')[0]}`,
  });

declare module 'fastify' {
  interface FastifyInstance {
    operators: OperatorsRepository;
    /**
     * An onRequest hook for the studio: anyone but a signed-in operator gets the 404 of an
     * unknown address, before the body is read, so the studio's routes are not even seen to exist.
     */
    requireOperator: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Whether a request comes from a signed-in operator (read from the table, not the session cache). */
    isOperatorRequest: (request: FastifyRequest) => boolean;
  }
}

/** `app.operators` (the roles) and `app.requireOperator` (the studio's guard). */
export default fp(
  async (app) => {
    const operators = createOperatorsRepository(app.db);
    app.decorate('operators', operators);
    const isOperatorRequest = (request: FastifyRequest) => {
      const account = request.account();
      return account !== null && operators.isOperator(account.uid);
    };
    app.decorate('isOperatorRequest', isOperatorRequest);
    app.decorate('requireOperator', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!isOperatorRequest(request)) await notFound(request, reply);
    });
  },
  { name: 'operators', dependencies: ['database', 'session'] },
);

/** The start-up line that says who runs the studio, read from a data folder's database. */
export function operatorNotice(db: Database): string {
  const repository = createOperatorsRepository(db);
  const operators = repository.list();
  if (operators.length > 0) return `studio operator: ${operators.map((o) => o.email).join(', ')}`;
  return 'studio operator: none yet; the first account to sign up becomes the operator (/studio)';
}
