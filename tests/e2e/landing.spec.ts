import { expect, test } from '@playwright/test';

import { expectNoAxeViolations } from './support/axe';
import { MarqueeServer } from './support/marquee-server';

const server = new MarqueeServer();

test.beforeAll(async () => {
  await server.start();
});

test.afterAll(async () => {
  await server.dispose();
});

test('landing: feature sections, an FAQ that opens by keyboard, and a footer below the first screen', async ({
  page,
}) => {
  await page.goto(server.url);
  await expect(page.getByRole('heading', { level: 1, name: 'Unlimited films, TV programmes and more.' })).toBeVisible();

  await test.step('the sections arrive below the first screen, in their own chunk', async () => {
    await page.mouse.wheel(0, 800);
    await expect(page.getByRole('heading', { level: 2, name: 'Frequently Asked Questions' })).toBeAttached({
      timeout: 15_000,
    });
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(5);
    await expect(page.getByRole('contentinfo')).toContainText('Watch anywhere. Cancel at any time.');
  });

  await test.step('an answer opens and closes from the keyboard', async () => {
    const question = page.getByRole('button', { name: /^What is .+\?$/ });
    await question.focus();
    await expect(question).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('region', { name: /^What is .+\?$/ })).toContainText('films and series');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    await expect(question).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('button', { name: /^How much does .+ cost\?$/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expectNoAxeViolations(page, 'the landing page with an FAQ answer open');
  });

  await test.step('Get Started still carries the e-mail on', async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByLabel('Email address').fill('faq-reader@example.com');
    await page.getByRole('button', { name: 'Get Started' }).click();
    await expect(page.getByLabel('Password')).toBeVisible();
  });
});
