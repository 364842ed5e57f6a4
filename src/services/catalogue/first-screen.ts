import { FIRST_SCREEN_ID, type FirstScreen } from '../../../shared/catalogue/first-screen';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The first screen's data the server put in a signed-in visitor's page (server/web/first-screen.ts),
 * or undefined when the page has none, or one that is not what it should be (then the catalogue
 * simply asks the network).
 */
export function readFirstScreen(doc: Pick<Document, 'getElementById'> | undefined = globalThis.document) {
  const text = doc?.getElementById(FIRST_SCREEN_ID)?.textContent;
  if (!text) return undefined;
  try {
    const data: unknown = JSON.parse(text);
    if (
      isObject(data) &&
      typeof data.baseUrl === 'string' &&
      isObject(data.answers) &&
      (data.heroDraw === undefined || (typeof data.heroDraw === 'number' && data.heroDraw >= 0 && data.heroDraw < 1))
    ) {
      return data as unknown as FirstScreen;
    }
  } catch {
    // A block that does not parse is ignored like a missing one.
  }
  return undefined;
}
