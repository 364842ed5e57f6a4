import type { HtmlTagDescriptor, Plugin, Rolldown } from 'vite';

/**
 * The app's entry (src/boot.ts) imports the app (src/main.tsx) only once the page has painted, so
 * the browser would fetch the app's modules one step late. This adds `modulepreload` hints for the
 * app's chunk and every chunk it imports statically to index.html, beside the ones Vite writes for
 * the entry's own imports: they download with the entry, and are evaluated after the first paint.
 */
export function preloadApp(appModule = /[\\/]src[\\/]main\.tsx$/): Plugin {
  return {
    name: 'marquee-preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return [];
        const chunks = Object.values(bundle).filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
        const app = chunks.find((chunk) => chunk.facadeModuleId !== null && appModule.test(chunk.facadeModuleId));
        // Another page (Storybook's build reuses this config); a build that lost the app's chunk
        // fails its size check instead (scripts/route-sizes.mjs, staleSignedInChunks).
        if (!app) return [];
        // Vite already preloads the entry's own static imports.
        const seen = new Set<string>([entry.fileName, ...entry.imports]);
        const files: string[] = [];
        const visit = (fileName: string) => {
          if (seen.has(fileName)) return;
          seen.add(fileName);
          files.push(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
        };
        visit(app.fileName);
        return files.map((file): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head',
        }));
      },
    },
  };
}
