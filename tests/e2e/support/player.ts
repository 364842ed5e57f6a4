import type { Locator, Page } from '@playwright/test';

/**
 * The app's player video. A player page opened afresh also paints the server's prerendered
 * player (inert, outside #root) until the app's has its programme, so `video` alone can match two.
 */
export const playerVideo = (page: Page): Locator => page.locator('#root video');
