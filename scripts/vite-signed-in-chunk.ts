import type { Plugin } from 'vite';

/**
 * Three chunks every page or every signed-in page loads. `app`: what the app (src/main.tsx, which
 * the entry src/boot.ts imports once the page has painted) imports statically, less what the entry
 * imports itself; left to itself the bundler cut it into a dozen files of a few hundred bytes, and
 * over HTTP/1.1 each costs a request on one of the browser's six connections to the site, ahead
 * of the page's largest image. `signed-in`: what the signed-in routes import statically and
 * the entry does not. Every signed-in page loads src/screens/SignedInRoutes.tsx first, so nothing is
 * gained by splitting its imports further; left to itself the bundler cuts them into a chunk per set
 * of importers (each lazy screen counts as one), a dozen small files that gzip worse and cost a
 * request each. `top-bar`: what the top bar's live controls import besides (src/screens/
 * SignedInTopBar.tsx, which every signed-in page but the player's loads at once); the parts of it
 * the player page needs too stay in `signed-in`. Modules the entry imports stay out of both, so the
 * landing page loads none of this.
 *
 * `plugin` records the module graph once it is built; `appTest`, `test` and `topBarTest` are the
 * chunk groups' filters.
 */
export function signedInChunk(
  routesModule = /[\\/]src[\\/]screens[\\/]SignedInRoutes\.tsx$/,
  topBarModule = /[\\/]src[\\/]screens[\\/]SignedInTopBar\.tsx$/,
  playerModule = /[\\/]src[\\/]screens[\\/]watching[\\/]PlayerScreen\.tsx$/,
  // The app itself, which the entry (src/boot.ts) imports once the page has painted: what it
  // imports statically loads with every page, as the entry's own imports do.
  appModule = /[\\/]src[\\/]main\.tsx$/,
) {
  const imports = new Map<string, readonly string[]>();
  let captured: Set<string> | undefined;
  let topBar: Set<string> | undefined;
  let app: Set<string> | undefined;

  const closure = (from: Iterable<string>): Set<string> => {
    const seen = new Set<string>();
    const stack = [...from];
    while (stack.length) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(imports.get(id) ?? []));
    }
    return seen;
  };

  const plugin: Plugin = {
    name: 'marquee-signed-in-chunk',
    apply: 'build',
    buildEnd() {
      const entries: string[] = [];
      const apps: string[] = [];
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        if (!info) continue;
        imports.set(id, info.importedIds);
        if (info.isEntry) entries.push(id);
        if (appModule.test(id)) apps.push(id);
      }
      const bootGraph = closure(entries);
      app = new Set([...closure(apps)].filter((id) => !bootGraph.has(id)));
      entries.push(...apps);
      const closureOf = (module: RegExp) => closure([...imports.keys()].filter((id) => module.test(id)));
      const entryGraph = closure(entries);
      const topBarGraph = closureOf(topBarModule);
      const playerGraph = closureOf(playerModule);
      captured = new Set(
        [...closureOf(routesModule), ...[...topBarGraph].filter((id) => playerGraph.has(id))].filter(
          (id) => !entryGraph.has(id),
        ),
      );
      topBar = new Set([...topBarGraph].filter((id) => !entryGraph.has(id) && !captured!.has(id)));
    },
  };

  return {
    plugin,
    test: (id: string) => captured?.has(id) ?? false,
    topBarTest: (id: string) => topBar?.has(id) ?? false,
    appTest: (id: string) => app?.has(id) ?? false,
  };
}
