import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import react from '@vitejs/plugin-react';
import { build, createServer, type Plugin, type Rolldown } from 'vite';

import { PAINTED_SECTIONS, sectionTemplateId } from '../shared/catalogue/section-first-row';
import { PLAYER_TEMPLATE_ID, REFUSAL_TEMPLATE_ID } from '../shared/watching/player-first-screen.ts';
import { APP_PREFETCH_ID } from '../shared/web/resource-hints';
import type { Shells } from '../src/screens/prerender-shells';

/**
 * Marks the server looks for (server/web/index-page.ts): it leaves the landing page out of a
 * signed-in visitor's page and swaps the signed-in shell in from its template.
 */
const LANDING_START = '<!--landing-shell-->';
const LANDING_END = '<!--/landing-shell-->';

/** The landing document's script (docs/decisions.md, "Landing document"), and the file it is built into. */
export const LANDING_SCRIPT = 'src/landing.ts';
export const LANDING_DOCUMENT = 'landing.html';

/**
 * Builds the landing document's script into one file of its own, apart from the app's build: as a
 * second entry of that build it would share chunks with the app (vite.config.ts groups them), and
 * would split the app's own entry into more chunks.
 */
async function buildLandingScript(root: string, mode: string, outDir: string): Promise<string> {
  const result = await build({
    root,
    mode,
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    build: {
      outDir,
      emptyOutDir: false,
      sourcemap: true,
      rolldownOptions: {
        input: join(root, LANDING_SCRIPT),
        output: { entryFileNames: 'assets/landing-[hash].js', codeSplitting: false },
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const entry = outputs.flatMap((out) => out.output).find((file) => file.type === 'chunk' && file.isEntry);
  if (!entry) throw new Error(`The build of ${LANDING_SCRIPT} has no entry chunk.`);
  return entry.fileName;
}

// What Vite writes into the built index.html to load the app.
const APP_TAGS = /<script type="module"[^>]*><\/script>|<link rel="(?:modulepreload|stylesheet)"[^>]*>/g;
const attribute = (tag: string, name: string) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];

/**
 * The landing document: index.html's head (title, icons, description) with the landing page's CSS and
 * its own small script instead of the app's; the whole landing page as its body; and `prefetch` hints
 * for the app's files in a template, which the script adds once the page has loaded and the browser
 * is idle (so they never compete with the page's own image), making Sign In and Get Started quick.
 * It has no React: the landing's first load is this page and one small script.
 */
function landingDocument(builtIndex: string, shells: Shells, landingScript: string): string {
  const appFiles = [...builtIndex.matchAll(APP_TAGS)].map(([tag]) => attribute(tag, 'src') ?? attribute(tag, 'href'));
  const prefetch = appFiles
    .filter((href) => href !== undefined)
    .map((href) => `<link rel="prefetch" crossorigin href="${href}">`)
    .join('');
  const head = builtIndex.slice(0, builtIndex.indexOf('</head>')).replace(APP_TAGS, '').trimEnd();
  return (
    `${head}\n<style>${shells.landingPageCss}</style>` +
    `<script type="module" crossorigin src="/${landingScript}"></script></head>` +
    `<body>${shells.landingPage}<template id="${APP_PREFETCH_ID}">${prefetch}</template></body></html>\n`
  );
}

/** Each section page's first paint in a template of its own, for the server to fill in (server/web/section-first-screen.ts). */
const sectionRowTemplates = (shells: Shells): string =>
  PAINTED_SECTIONS.map(
    (path) => `<template id="${sectionTemplateId(path)}">${shells.sectionRows[path]}</template>`,
  ).join('');

/**
 * Renders what a page shows before its script has run into the built index.html
 * (src/screens/prerender-shells.tsx): the landing page beside #root, plus the signed-in shell
 * (the top bar) and home's hero banner (with slots for its title, shared/catalogue/first-screen.ts)
 * in templates for the server to use, and the CSS of all three; so a first visit
 * paints before the app's script has downloaded and run. The shell is inert (seen, not yet
 * usable: nothing typed into it is lost when the app takes over, a moment later).
 *
 * It also builds the landing document (landing.html, see landingDocument), which the server
 * sends a signed-out visit to "/" (server/web/index-page.ts), and its script (buildLandingScript). The Firebase build keeps the bare page and has no landing document: its hosting
 * cannot tell a signed-in visitor from one signed out.
 */
export function prerenderShells(): Plugin {
  let root = process.cwd();
  let mode = 'production';
  let outDir = 'dist';
  let enabled = true;
  let landingPage: { builtIndex: string; shells: Shells } | undefined;
  return {
    name: 'marquee-prerender-shells',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      mode = config.mode;
      outDir = resolve(config.root, config.build.outDir); // --outDir may be absolute
      enabled = config.env.VITE_BACKEND !== 'firebase';
    },
    buildStart() {
      landingPage = undefined;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        // Only the app's own page (Storybook's build, which reuses this config, has other pages).
        if (!enabled || !html.includes('<div id="root"></div>')) return html;
        // A throw-away dev server only to load the TSX module for Node (JSX, import.meta.env).
        const server = await createServer({
          root,
          mode,
          configFile: false,
          logLevel: 'error',
          plugins: [react()],
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false },
        });
        try {
          const { renderShells } = (await server.ssrLoadModule('/src/screens/prerender-shells.tsx')) as {
            renderShells: () => Shells;
          };
          const shells = renderShells();
          landingPage = { builtIndex: html, shells };
          const shell = (markup: string) => `<div id="prerendered-shell" inert>${markup}</div>`;
          return html
            .replace('</head>', `<style id="prerendered-shell-css">${shells.css}</style></head>`)
            .replace(
              '<div id="root"></div>',
              `${LANDING_START}${shell(shells.landing)}${LANDING_END}` +
                `<template id="signed-in-shell">${shell(shells.signedIn)}</template>` +
                `<template id="signed-in-hero">${shells.signedInHero}</template>` +
                `<template id="${PLAYER_TEMPLATE_ID}">${shells.player}</template>` +
                `<template id="${REFUSAL_TEMPLATE_ID}">${shells.refusal}</template>` +
                sectionRowTemplates(shells) +
                '<div id="root"></div>',
            );
        } finally {
          await server.close();
        }
      },
    },
    // After the app's files are written (and before the compressed copies are made, on closeBundle).
    async writeBundle() {
      if (!landingPage) return;
      const script = await buildLandingScript(root, mode, outDir);
      writeFileSync(
        join(outDir, LANDING_DOCUMENT),
        landingDocument(landingPage.builtIndex, landingPage.shells, script),
      );
    },
  };
}
