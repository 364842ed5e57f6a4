import { expectNoAxeViolations } from './support/axe';
import { expect, sharedServer, test } from './support/shared-server';

const server = sharedServer();

test('landing: the whole page arrives as one document, with an FAQ that opens by keyboard, and no app script', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(server.url);
  await expect(page.getByRole('heading', { level: 1, name: 'Unlimited films, TV programmes and more.' })).toBeVisible();

  await test.step('the sections, FAQ and footer are in the page from the start', async () => {
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(5);
    await expect(page.getByRole('heading', { level: 2, name: 'Frequently Asked Questions' })).toBeAttached();
    await expect(page.getByRole('contentinfo')).toContainText('Watch anywhere. Cancel at any time.');
  });

  await test.step('the top bar stays at the top of the page, not over the sections scrolled under it', async () => {
    await page.getByRole('heading', { level: 2, name: 'Frequently Asked Questions' }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('banner')).not.toBeInViewport();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeInViewport();
  });

  await test.step('the page loads one small script of its own, not the app', async () => {
    expect(scripts).toEqual([expect.stringMatching(/^\/assets\/landing-[\w-]+\.js$/)]);
  });

  await test.step('an answer opens and closes from the keyboard, one at a time', async () => {
    const first = page.locator('summary', { hasText: /^What is .+\?$/ });
    const second = page.locator('summary', { hasText: /^How much does .+ cost\?$/ });
    const isOpen = (summary: typeof first) =>
      summary.evaluate((node) => (node.parentElement as HTMLDetailsElement).open);
    await first.focus();
    expect(await isOpen(first)).toBe(false);
    await page.keyboard.press('Enter');
    expect(await isOpen(first)).toBe(true);
    await expect(first.locator('..')).toContainText('films and series');
    await page.keyboard.press('Tab');
    await expect(second).toBeFocused();
    await page.keyboard.press('Space');
    expect(await isOpen(second)).toBe(true);
    expect(await isOpen(first)).toBe(false);
    await expectNoAxeViolations(page, 'the landing page with an FAQ answer open');
  });

  await test.step('Get Started goes into the app with the e-mail carried on, shown at /', async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByLabel('Email address').fill('faq-reader@example.com');
    await page.getByRole('button', { name: 'Get Started' }).click();
    await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('faq-reader@example.com');
    await expect(page).toHaveURL(`${server.url}/`);
  });

  await test.step('Sign In is a link into the app, which opens the form at /', async () => {
    await page.goto(server.url);
    const signIn = page.getByRole('banner').getByRole('link', { name: 'Sign In' });
    await expect(signIn).toHaveAttribute('href', '/sign-in');
    await signIn.click();
    await expect(page.getByRole('heading', { name: 'Sign In', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(`${server.url}/`);
  });
});

test('landing: the page works with scripts off, and the browser checks the e-mail before leaving', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(server.url);
  const faq = page.locator('summary', { hasText: /^Where can I watch\?$/ });
  await faq.click();
  await expect(faq.locator('..')).toHaveAttribute('open', '');
  await page.getByLabel('Email address').fill('not-an-email');
  await page.getByRole('button', { name: 'Get Started' }).click();
  // The field's own check (type="email") keeps the visitor on the page, as the app's form does.
  await expect(page).toHaveURL(`${server.url}/`);
  await page.getByLabel('Email address').fill('ann@example.com');
  await page.getByRole('button', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(`${server.url}/sign-up?email=ann%40example.com`);
  await context.close();
});
