import type { FastifySchemaValidationError } from 'fastify';

import { type HttpProblem, invalidArgument } from './problems.ts';

const fieldOf = (issue: FastifySchemaValidationError) => issue.instancePath.split('/')[1] ?? '';
const list = (names: readonly string[]) => names.map((name) => `"${name}"`).join(', ');
const params = (issue: FastifySchemaValidationError) =>
  issue.params as { missingProperty?: string; additionalProperty?: string; limit?: number };

export interface BodyShape {
  /**
   * The body's fields, for a body of a few strings (the checkout's): a missing or unknown field
   * names them all, and a field of the wrong type or length gets a sentence of its own. Without
   * it, a field that does not fit lists everything it may be (the watching documents' numbers and unions).
   */
  fields?: readonly string[];
  /** What a field that is not a string must be, e.g. `{ cancel_at_period_end: 'true or false' }`. */
  kinds?: Readonly<Record<string, string>>;
}

/** What one schema issue asks for, as the end of "it …" ("must be integer", "must be \"tv\""). */
const demand = (issue: FastifySchemaValidationError) =>
  issue.keyword === 'const'
    ? `must be ${JSON.stringify((issue.params as { allowedValue?: unknown }).allowedValue)}`
    : (issue.message ?? 'does not fit');

/** A field of a body of strings: the first of its wrong type, emptiness or length. */
function stringFieldProblem(issues: readonly FastifySchemaValidationError[], kinds: BodyShape['kinds']): HttpProblem {
  const issue = issues.find((candidate) => fieldOf(candidate) !== '') ?? issues[0];
  const field = issue ? fieldOf(issue) : '';
  switch (issue?.keyword) {
    case 'type':
      return invalidArgument(`"${field}" must be ${kinds?.[field] ?? 'a string'}.`, field);
    case 'minLength':
      return invalidArgument(`"${field}" must not be empty.`, field);
    case 'maxLength':
      return invalidArgument(`"${field}" is too long: at most ${params(issue).limit} characters.`, field);
    default:
      return invalidArgument(field ? `"${field}" is not valid.` : 'The request body is not valid.', field || undefined);
  }
}

/** A field of a richer body: everything its first issue's path may be ("must be integer or must be null"). */
function anyFieldProblem(issues: readonly FastifySchemaValidationError[]): HttpProblem {
  const path = issues[0]?.instancePath ?? '';
  const demands = issues.filter((issue) => issue.instancePath === path && issue.keyword !== 'anyOf').map(demand);
  return invalidArgument(`"${path.split('/')[1] ?? ''}" is not valid: it ${[...new Set(demands)].join(' or ')}.`);
}

/**
 * The 400 for a body the schema refused (Ajv's issues, server/http/validator-compiler.ts), in a clear sentence: a body that is
 * not an object, then a missing field, an unknown field, then the first field that does not fit.
 * The field at fault is the answer's `param` where the sentence names one field to fix.
 */
export function bodyProblem(issues: readonly FastifySchemaValidationError[], shape: BodyShape = {}): HttpProblem {
  const { fields, kinds } = shape;
  if (issues.some((issue) => issue.instancePath === '' && issue.keyword === 'type')) {
    return invalidArgument('The request body must be a JSON object.');
  }
  const required = issues.find((issue) => issue.keyword === 'required');
  if (required) {
    const name = params(required).missingProperty ?? '';
    return fields
      ? invalidArgument(`Missing field "${name}": a request needs ${list(fields)}.`, name)
      : invalidArgument(`Missing field "${name}".`);
  }
  const unknown = issues.find((issue) => issue.keyword === 'additionalProperties');
  if (unknown) {
    const name = params(unknown).additionalProperty ?? '';
    return invalidArgument(`Unknown field "${name}"${fields ? `: a request takes only ${list(fields)}` : ''}.`);
  }
  return fields ? stringFieldProblem(issues, kinds) : anyFieldProblem(issues);
}
