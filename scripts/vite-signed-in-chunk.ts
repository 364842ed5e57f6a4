import type { Plugin } from 'vite';

/**
 * One chunk for what the signed-in routes import statically and the entry does not. Every
 * signed-in page loads src/screens/SignedInRoutes.tsx first, so nothing is gained by splitting
 * its imports further; left to itself the bundler cuts them into a chunk per set of importers
 * (each lazy screen counts as one), a dozen small files that gzip worse and cost a request each.
 * Modules the entry imports stay out, so the landing page loads none of this.
 *
 * `plugin` records the module graph once it is built; `test` is the chunk group's filter.
 */
export function signedInChunk(routesModule = /[\\/]src[\\/]screens[\\/]SignedInRoutes\.tsx$/) {
  const imports = new Map<string, readonly string[]>();
  let captured: Set<string> | undefined;

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
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        if (!info) continue;
        imports.set(id, info.importedIds);
        if (info.isEntry) entries.push(id);
      }
      const routes = [...imports.keys()].filter((id) => routesModule.test(id));
      const entryGraph = closure(entries);
      captured = new Set([...closure(routes)].filter((id) => !entryGraph.has(id)));
    },
  };

  return { plugin, test: (id: string) => captured?.has(id) ?? false };
}
