import { createStitches } from '@stitches/react';

/**
 * Marquee's design tokens, defined once. Stitches is imported only inside src/components
 * (docs/conventions.md), so swapping the styling library later touches one folder.
 * Breakpoints are docs/spec.md §9's: 744px and 1280px, plus 390px for the search icon.
 */
export const { styled, css, globalCss, keyframes, theme, config, getCssText, reset } = createStitches({
  theme: {
    colors: {
      background: '#141414',
      surface: '#181818',
      surfaceRaised: '#2f2f2f',
      field: '#333333',
      fieldBorder: '#8c8c8c',
      text: '#ffffff',
      textMuted: '#b3b3b3',
      // A red that keeps 4.5:1 contrast with white text.
      accent: '#e50914',
      accentHover: '#c11119',
      danger: '#ff7474',
      dangerSurface: '#e87c03',
      focus: '#ffffff',
      overlay: 'rgba(0, 0, 0, 0.6)',
    },
    space: { 1: '4px', 2: '8px', 3: '12px', 4: '16px', 5: '24px', 6: '32px', 7: '48px', 8: '64px' },
    sizes: { formWidth: '450px', contentWidth: '950px', topBarHeight: '68px' },
    fontSizes: { 1: '13px', 2: '16px', 3: '18px', 4: '24px', 5: '32px', 6: '48px' },
    fonts: {
      body: '"Helvetica Neue", Helvetica, Arial, "DejaVu Sans", sans-serif',
    },
    radii: { 1: '2px', 2: '4px', 3: '8px', round: '9999px' },
    zIndices: { topBar: 100, overlay: 200 },
  },
  media: {
    phoneWide: '(min-width: 391px)',
    // From here the top bar has room for the search box beside the logo, the Browse menu and the
    // profile menu (src/components/browse/SearchBox.tsx); narrower, search is a page of its own.
    searchInTopBar: '(min-width: 640px)',
    tablet: '(min-width: 744px)',
    desktop: '(min-width: 1280px)',
    reducedMotion: '(prefers-reduced-motion: reduce)',
  },
});

export const globalStyles = globalCss({
  '*, *::before, *::after': { boxSizing: 'border-box' },
  'html, body': {
    margin: 0,
    backgroundColor: '$background',
    color: '$text',
    fontFamily: '$body',
    WebkitFontSmoothing: 'antialiased',
  },
  // One visible focus ring for every control reached by keyboard.
  ':focus-visible': { outline: '2px solid $focus', outlineOffset: '2px' },
});

/**
 * Styles that hide content visually but keep it for assistive technology ("sr-only"). Here, in
 * the chunk every page loads, so that the player's live region loads no browse layout for them.
 */
export const visuallyHiddenStyles = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
