import react from '@vitejs/plugin-react';
import { type Plugin, createServer } from 'vite';

/** Marks around the shell, so the server can leave it out of a signed-in visitor's page (server/web/index-page.ts). */
const SHELL_START = '<!--landing-shell-->';
const SHELL_END = '<!--/landing-shell-->';

/**
 * Renders the landing page into the built index.html (src/screens/prerender-landing.tsx): markup
 * beside #root plus its CSS, so a first visit paints before the app's script has downloaded and
 * run. It is inert (seen, not yet usable: no e-mail typed into it is lost when the app takes
 * over, a moment later). The Firebase build keeps the bare page: its hosting cannot tell a signed-in visitor from
 * one signed out, and would show the first the landing page for a moment.
 */
export function prerenderLanding(): Plugin {
  let root = process.cwd();
  let mode = 'production';
  let enabled = true;
  return {
    name: 'marquee-prerender-landing',
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
          const { renderLandingShell } = (await server.ssrLoadModule('/src/screens/prerender-landing.tsx')) as {
            renderLandingShell: () => { html: string; css: string };
          };
          const shell = renderLandingShell();
          return html
            .replace('</head>', `<style id="landing-shell-css">${shell.css}</style></head>`)
            .replace('<div id="root"></div>', `${SHELL_START}<div id="landing-shell" inert>${shell.html}</div>${SHELL_END}<div id="root"></div>`);
        } finally {
          await server.close();
        }
      },
    },
  };
}
