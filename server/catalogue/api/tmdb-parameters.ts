import { readFileSync } from 'node:fs';

interface Operation {
  parameters?: Array<{ name: string; in: string }>;
  responses: Record<string, { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }>;
}

/**
 * The query parameters TMDB defines for each GET path (its template, "/3/movie/{movie_id}"), read
 * once from TMDB's official OpenAPI document (shared/catalogue/tmdb-openapi.json), sorted by name.
 * A paged answer (one with `total_pages`) takes `page` even where the document leaves it out, as
 * TMDB's trending lists do: TMDB pages them all the same. The document is dropped once read.
 */
const PARAMETERS: ReadonlyMap<string, readonly string[]> = (() => {
  const document = JSON.parse(
    readFileSync(new URL('../../../shared/catalogue/tmdb-openapi.json', import.meta.url), 'utf8'),
  ) as { paths: Record<string, { get?: Operation }> };
  const byPath = new Map<string, readonly string[]>();
  for (const [template, { get }] of Object.entries(document.paths)) {
    if (!get) continue;
    const names = new Set((get.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name));
    const answer = get.responses['200']?.content?.['application/json']?.schema;
    if (answer?.properties && 'total_pages' in answer.properties) names.add('page');
    byPath.set(template, [...names].sort());
  }
  return byPath;
})();

/** TMDB's query parameters for a path template; throws for a path the document does not have. */
export function tmdbQueryParameters(template: string): readonly string[] {
  const names = PARAMETERS.get(template);
  if (!names) throw new Error(`TMDB's OpenAPI document has no GET ${template}`);
  return names;
}
