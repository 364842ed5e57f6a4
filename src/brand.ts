/** The product's name, in one place (PRODUCT.md: "Brand"). Set VITE_BRAND_NAME at build time to change it. */
export const BRAND: string = import.meta.env.VITE_BRAND_NAME || 'Marquee';
