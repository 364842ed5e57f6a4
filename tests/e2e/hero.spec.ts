import { type Locator, type Page } from '@playwright/test';

import { signUpAsMember, uniqueEmail } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { expect, sharedServer, test } from './support/shared-server';

const server = sharedServer();

const signUp = (page: Page) => signUpAsMember(page, server.url, uniqueEmail('hero'));

/** The hero's region (named by its heading) once its art is showing, and the title's name. */
async function heroOf(page: Page) {
  await expect(page.getByRole('button', { name: 'More Info' })).toBeVisible({ timeout: 20_000 });
  const heading = page.getByRole('heading', { level: 1 });
  const name = (await heading.textContent())!.trim();
  return { name, hero: page.getByRole('region', { name, exact: true }) };
}

const previewVideo = (page: Page) => page.frameLocator('iframe[title$="trailer preview"]').locator('video');

async function box(target: Locator) {
  return target.first().evaluate((element) => {
    const { top, height } = element.getBoundingClientRect();
    return { top: Math.round(top + window.scrollY), height: Math.round(height) };
  });
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
]) {
  test(`hero at ${viewport.width} px: Preview plays in place with Stop and sound; its end brings the banner back`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await signUp(page);
    const { name, hero } = await heroOf(page);
    await expect(page.getByRole('region', { name: 'MARQUEE ORIGINALS' })).toBeVisible({ timeout: 20_000 });
    const bannerBefore = await box(page.locator('section[aria-labelledby]:has(h1)'));
    const rowBefore = await box(page.getByRole('region', { name: 'MARQUEE ORIGINALS' }));

    await test.step('on phones, the overview sits below the art, clear of the title the art carries', async () => {
      if (viewport.width >= 744) return;
      const art = await hero.locator('img').boundingBox();
      const overview = await hero.locator('p').boundingBox();
      expect(art && overview && overview.y).toBeGreaterThanOrEqual(art!.y + art!.height - 1);
    });

    await test.step('Preview plays the muted trailer in the banner’s own box', async () => {
      await hero.getByRole('button', { name: 'Preview', exact: true }).click();
      await expect(hero.getByRole('button', { name: 'Stop Preview' })).toBeFocused();
      await expect(hero.getByTitle(`${name} trailer preview`)).toBeVisible();
      await expect
        .poll(() => previewVideo(page).evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
        .toBeGreaterThan(0.3);
      expect(await previewVideo(page).evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
      // No layout jump: the banner and the row below it are where they were.
      expect(await box(page.locator('section[aria-labelledby]:has(h1)'))).toEqual(bannerBefore);
      expect(await box(page.getByRole('region', { name: 'MARQUEE ORIGINALS' }))).toEqual(rowBefore);
      await expect(hero.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(hero.getByRole('button', { name: 'More Info' })).toBeVisible();
    });

    await test.step('the sound toggle, by keyboard, unmutes and mutes the trailer', async () => {
      await hero.getByRole('button', { name: 'More Info' }).focus();
      await page.keyboard.press('Tab');
      await expect(hero.getByRole('button', { name: 'Unmute preview' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(hero.getByRole('button', { name: 'Mute preview' })).toBeFocused();
      await expect.poll(() => previewVideo(page).evaluate((v: HTMLVideoElement) => v.muted)).toBe(false);
      await page.keyboard.press('Enter');
      await expect.poll(() => previewVideo(page).evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
    });

    await test.step('the page with the preview showing passes axe', async () => {
      // The clips run 14 s and a scan can take longer on a busy machine: paused, the preview stays.
      await previewVideo(page).evaluate((v: HTMLVideoElement) => v.pause());
      await expectNoAxeViolations(page, `home with the hero's preview at ${viewport.width} px`);
      await expect(hero.getByRole('button', { name: 'Stop Preview' })).toBeVisible();
    });

    await test.step('Stop Preview returns the banner, with focus on Preview', async () => {
      await hero.getByRole('button', { name: 'Stop Preview' }).click();
      await expect(hero.getByTitle(`${name} trailer preview`)).toHaveCount(0);
      await expect(hero.getByRole('button', { name: 'Preview', exact: true })).toBeFocused();
      await expect(hero.locator('img')).toBeVisible();
    });

    await test.step('at the clip’s end the banner comes back, not a black box with Replay', async () => {
      await hero.getByRole('button', { name: 'Preview', exact: true }).click();
      const video = previewVideo(page);
      await expect
        .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
        .toBeGreaterThan(0.3);
      await video.evaluate((v: HTMLVideoElement) => {
        v.currentTime = Math.max(0, v.duration - 0.5);
      });
      await expect(hero.getByTitle(`${name} trailer preview`)).toHaveCount(0, { timeout: 15_000 });
      await expect(hero.getByRole('button', { name: 'Preview', exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Replay' })).toHaveCount(0);
      expect(await box(page.locator('section[aria-labelledby]:has(h1)'))).toEqual(bannerBefore);
    });

    await test.step('Play goes to the player page, which plays the title', async () => {
      await hero.getByRole('button', { name: 'Play', exact: true }).click();
      await expect(page).toHaveURL(/\/watch\/(movie|tv)\/\d+$/);
      await expect(page.locator('main')).toHaveAttribute('data-state', 'playing', { timeout: 30_000 });
    });
  });
}
