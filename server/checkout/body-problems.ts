import type { FastifySchemaValidationError } from 'fastify';

export interface BodyProblem {
  message: string;
  /** The field at fault, when there is one. */
  param?: string;
}

const fieldOf = (issue: FastifySchemaValidationError) => issue.instancePath.split('/')[1] ?? '';
const list = (names: readonly string[]) => names.map((name) => `"${name}"`).join(', ');

/**
 * A clear sentence for a body the schema refused (TypeBox's issues, the checkout routes'
 * validator): the first of a body that is not an object, a missing field, an unknown field, then
 * a field of the wrong type or length.
 */
export function bodyProblem(
  issues: readonly FastifySchemaValidationError[],
  fields: readonly string[],
  /** What a field that is not a string must be, e.g. `{ cancel_at_period_end: 'true or false' }`. */
  kinds: Readonly<Record<string, string>> = {},
): BodyProblem {
  const whole = issues.find((issue) => issue.instancePath === '' && issue.keyword === 'type');
  if (whole) return { message: 'The request body must be a JSON object.' };

  const required = issues.find((issue) => issue.keyword === 'required');
  if (required) {
    const missing = (required.params as { requiredProperties?: string[] }).requiredProperties ?? [];
    const name = missing[0] ?? '';
    return { message: `Missing field "${name}": a request needs ${list(fields)}.`, param: name };
  }

  const unknown = issues.find((issue) => issue.keyword === 'additionalProperties');
  if (unknown) {
    const extra = (unknown.params as { additionalProperties?: string[] }).additionalProperties ?? [];
    return { message: `Unknown field "${extra[0] ?? ''}": a request takes only ${list(fields)}.` };
  }

  const issue = issues.find((candidate) => fieldOf(candidate) !== '') ?? issues[0];
  const field = issue ? fieldOf(issue) : '';
  const limit = (issue?.params as { limit?: number } | undefined)?.limit;
  switch (issue?.keyword) {
    case 'type':
      return { message: `"${field}" must be ${kinds[field] ?? 'a string'}.`, param: field };
    case 'minLength':
      return { message: `"${field}" must not be empty.`, param: field };
    case 'maxLength':
      return { message: `"${field}" is too long: at most ${limit} characters.`, param: field };
    default:
      return {
        message: field ? `"${field}" is not valid.` : 'The request body is not valid.',
        param: field || undefined,
      };
  }
}
