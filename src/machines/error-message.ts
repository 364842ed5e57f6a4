/** What to show a person for a failed effect: the Error's message (services phrase them for people). */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
