/** The product's name, in one place (docs/decisions.md: "Brand"). Set VITE_BRAND_NAME at build time to change it. */
export const BRAND: string = import.meta.env.VITE_BRAND_NAME || 'Marquee';

/** What every screen says when the backend cannot be reached (the server is down, the network is off). */
export const UNREACHABLE_MESSAGE = `Could not reach ${BRAND}. Check your connection and try again.`;
