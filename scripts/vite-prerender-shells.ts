import react from '@vitejs/plugin-react';
import { createServer, type Plugin } from 'vite';

/**
 * Marks the server looks for (server/web/index-page.ts): it leaves the landing page out of a
 * signed-in visitor's page and swaps the signed-in shell in from its template.
 */
const LANDING_START = '<!--landing-shell-->';
const LANDING_END = '<!--/landing-shell-->';

/**
 * Renders what a page shows before its script has run into the built index.html
 * (src/screens/prerender-shells.tsx): the landing page beside #root, plus the signed-in shell
 * (the top bar) in a template for the server to use, and the CSS of both; so a first visit
 * paints before the app's script has downloaded and run. The shell is inert (seen, not yet
 * usable: nothing typed into it is lost when the app takes over, a moment later). The Firebase
 * build keeps the bare page: its hosting cannot tell a signed-in visitor from one signed out.
 */
export function prerenderShells(): Plugin {
  let root = process.cwd();
  let mode = 'production';
  let enabled = true;
  return {
    name: 'marquee-prerender-shells',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      mode = config.mode;
      enabled = config.env.VITE_BACKEND !== 'firebase';
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
            renderShells: () => { landing: string; signedIn: string; css: string };
          };
          const shells = renderShells();
          const shell = (markup: string) => `<div id="prerendered-shell" inert>${markup}</div>`;
          return html
            .replace('</head>', `<style id="prerendered-shell-css">${shells.css}</style></head>`)
            .replace(
              '<div id="root"></div>',
              `${LANDING_START}${shell(shells.landing)}${LANDING_END}` +
                `<template id="signed-in-shell">${shell(shells.signedIn)}</template><div id="root"></div>`,
            );
        } finally {
          await server.close();
        }
      },
    },
  };
}
