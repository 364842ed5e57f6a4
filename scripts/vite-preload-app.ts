import type { HtmlTagDescriptor, Plugin, Rolldown } from 'vite';

import { APP_PRELOADS_ID, SCREENS_PREFETCH_ID } from '../shared/web/resource-hints';

/**
 * Two templates of hints in index.html (shared/web/resource-hints.ts). The app's entry
 * (src/boot.ts) imports the app (src/main.tsx) only once the page's first screen is on screen, its
 * art included. The first template holds `modulepreload` hints for the app's chunk and every chunk
 * it imports statically (the server adds the first screen's chunks to it, server/web/index-page.ts);
 * the entry adds them just before it imports the app, so that they download at once and not one
 * import after another. In the page's head instead, they downloaded with the page: they took the
 * bandwidth of home's hero art, and in Lighthouse's simulation every script that finished before
 * the art's paint counted towards the page's largest paint (home's LCP 2.2 s).
 * The entry's own imports, which it needs to wait, are loaded at low priority (`fetchpriority="low"`).
 *
 * The second template holds `prefetch` hints for what the signed-in routes import lazily (their
 * screens, the detail view, the menus' halves), less the player's chunk (hls.js) and what the page
 * loads anyway, which the routes add a few seconds after the first screen (src/resource-hints.ts).
 * Importing the screens ahead instead ran each one's module code, tasks of up to 200 ms at a
 * phone's CPU while the page was still starting.
 */
export function preloadApp(
  appModule = /[\\/]src[\\/]main\.tsx$/,
  routesModule = /[\\/]src[\\/]screens[\\/]SignedInRoutes\.tsx$/,
  playerModule = /[\\/]src[\\/]screens[\\/]watching[\\/]PlayerScreen\.tsx$/,
): Plugin {
  return {
    name: 'marquee-preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return [];
        const chunks = Object.values(bundle).filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
        const facade = (module: RegExp) =>
          chunks.find((chunk) => chunk.facadeModuleId !== null && module.test(chunk.facadeModuleId));
        const app = facade(appModule);
        // Another page (Storybook's build reuses this config); a build that lost the app's chunk
        // fails its size check instead (scripts/route-sizes.mjs, staleSignedInChunks).
        if (!app) return [];
        /** `fileName` and the chunks it imports statically, depth first, less those in `seen` (which gains them). */
        const closure = (fileName: string, seen: Set<string>, into: string[] = []): string[] => {
          if (seen.has(fileName)) return into;
          seen.add(fileName);
          into.push(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') for (const imported of chunk.imports) closure(imported, seen, into);
          return into;
        };
        // Vite already preloads the entry's own static imports.
        const loaded = new Set<string>([entry.fileName, ...entry.imports]);
        const appFiles = closure(app.fileName, loaded);
        /** A template `id` of `rel` hints for `files`, which the page's script adds when their time comes. */
        const hints = (id: string, rel: string, files: string[], injectTo: 'head' | 'body'): HtmlTagDescriptor => ({
          tag: 'template',
          attrs: { id },
          children: files.map((file) => ({ tag: 'link', attrs: { rel, crossorigin: true, href: `/${file}` } })),
          injectTo,
        });
        const tags = [hints(APP_PRELOADS_ID, 'modulepreload', appFiles, 'head')];

        const routes = facade(routesModule);
        if (routes) {
          const player = facade(playerModule)?.fileName;
          const routesFiles = closure(routes.fileName, new Set(loaded));
          const lazy = new Set(routesFiles.flatMap((file) => (bundle[file] as Rolldown.OutputChunk).dynamicImports));
          const later = new Set(loaded);
          for (const file of routesFiles) later.add(file);
          if (player) later.add(player);
          const files = [...lazy].flatMap((file) => closure(file, later));
          tags.push(hints(SCREENS_PREFETCH_ID, 'prefetch', files, 'body'));
        }
        // The entry and Vite's own preloads of what it imports, at low priority: the page's art comes first.
        const lowered = html
          .replace(/<script type="module" crossorigin/g, '<script type="module" fetchpriority="low" crossorigin')
          .replace(
            /<link rel="modulepreload" crossorigin/g,
            '<link rel="modulepreload" fetchpriority="low" crossorigin',
          );
        return { html: lowered, tags };
      },
    },
  };
}
