import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';

import { CARD_MESSAGES } from '../../shared/billing/card-checks.js';
import { checkoutApp, checkoutClient, openSession, PLANS, signUp, SITE } from './checkout-helpers.ts';

const PAGE_DIR = join(import.meta.dirname, '../../server/checkout/page');
const SHARED_DIR = join(import.meta.dirname, '../../shared/billing');

/** Every start tag in the HTML, e.g. `<input id="x" …>`. */
const tagsOf = (html: string) => html.match(/<[a-z][^>]*>/gi) ?? [];
/** Attribute values removed, so that text inside them is not mistaken for an attribute. */
const bareTag = (tag: string) => tag.replace(/"[^"]*"/g, '""');
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
const textOf = (html: string) => html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ');

function expectHtmlPage(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(response.headers['cache-control']).toBe('no-store');
  const csp = String(response.headers['content-security-policy']);
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain('unsafe-inline');
  expect(response.headers['x-frame-options']).toBe('DENY');
}

function expectNoInlineCode(html: string) {
  const tags = tagsOf(html);
  const scripts = tags.filter((tag) => tag.startsWith('<script'));
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toMatch(/\ssrc="\/checkout\/assets\/checkout\.js\?v=[0-9a-f]{12}"/);
  // Every script element is empty: its code comes from its src.
  expect(
    html.match(/<script[^>]*>([\s\S]*?)<\/script>/gi)?.every((element) => /<script[^>]*><\/script>/i.test(element)),
  ).toBe(true);
  for (const tag of tags) {
    expect(bareTag(tag)).not.toMatch(/\sstyle\s*=/i);
    expect(bareTag(tag)).not.toMatch(/\son[a-z]+\s*=/i);
  }
  expect(html).not.toMatch(/<style/i);
  expect(html).toMatch(/<link rel="stylesheet" href="\/checkout\/assets\/checkout\.css\?v=[0-9a-f]{12}">/);
}

describe('GET /checkout/:sessionId', () => {
  it('shows the plan, its price, the customer’s e-mail and the card form', async () => {
    const { app, ann, as } = await checkoutApp({ start: Date.UTC(2025, 4, 8, 9) });
    const session = await openSession(app, ann, PLANS.standard.price);
    const response = await as.page(session.sessionId);
    expectHtmlPage(response, 200);
    const html = response.body;
    const text = textOf(html);

    expect(text).toContain('Subscribe to Standard');
    expect(text).toContain('GBP 6.99/month');
    expect(text).toContain('Total due today GBP 6.99');
    expect(text).toContain('renews on 8 June 2025');
    expect(text).toContain('ann@example.com');
    expect(html).toMatch(/<title>Subscribe to Standard – Marquee<\/title>/);
    // The app's own icon, so the browser does not ask for a /favicon.ico that is not there.
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');

    const form = tagsOf(html).find((tag) => tag.startsWith('<form'))!;
    expect(attribute(form, 'action')).toBe(`/checkout/${session.sessionId}/pay`);
    expect(attribute(form, 'method')).toBe('post');
  });

  it('labels every field and tells the browser how to fill it', async () => {
    const { app, ann, as } = await checkoutApp();
    const session = await openSession(app, ann);
    const html = (await as.page(session.sessionId)).body;
    const tags = tagsOf(html);
    const inputs = tags.filter((tag) => tag.startsWith('<input'));
    const expected = [
      { name: 'number', label: 'Card number', autocomplete: 'cc-number', numeric: true },
      { name: 'expiry', label: 'Expiry (MM / YY)', autocomplete: 'cc-exp', numeric: true },
      { name: 'cvc', label: 'Security code (CVC)', autocomplete: 'cc-csc', numeric: true },
      { name: 'name', label: 'Cardholder name', autocomplete: 'cc-name', numeric: false },
    ];
    expect(inputs.map((tag) => attribute(tag, 'name'))).toEqual(expected.map((field) => field.name));

    for (const field of expected) {
      const input = inputs.find((tag) => attribute(tag, 'name') === field.name)!;
      const id = attribute(input, 'id')!;
      expect(html).toContain(`<label class="field-label" for="${id}">${field.label}</label>`);
      expect(attribute(input, 'autocomplete')).toBe(field.autocomplete);
      expect(attribute(input, 'inputmode')).toBe(field.numeric ? 'numeric' : undefined);
      // Each field points at the slot its error is shown in.
      const describedBy = attribute(input, 'aria-describedby')!;
      expect(html).toContain(`id="${describedBy}" data-error-for="${field.name}"`);
    }

    // The form's one submit button, and the authentication step's two (hidden until asked for).
    const buttons = tags.filter((tag) => tag.startsWith('<button'));
    expect(buttons.map((tag) => attribute(tag, 'type'))).toEqual(['submit', 'button', 'button']);
    expect(buttons.slice(1).map((tag) => attribute(tag, 'data-outcome'))).toEqual(['complete', 'fail']);
    expect(html).toMatch(/<button[^>]*><span class="pay-button-text">Subscribe<\/span><\/button>/);
    expect(html).toContain(`<a class="pay-cancel" href="${SITE}/change-plan">Cancel</a>`);
    expect(html).toMatch(/<div class="pay-alert" id="pay-alert" role="alert"><\/div>/);
  });

  it('says what an upgrade does: "Upgrade to Premium", the prorated amount on its button; a downgrade is named, not paid', async () => {
    const { app, ann, as, clock } = await checkoutApp({ start: Date.UTC(2025, 4, 8, 9) });
    const basic = await openSession(app, ann, PLANS.basic.price);
    expect((await as.pay(basic.sessionId)).statusCode).toBe(200);
    // 8 May → 8 June (31 days); a third of it gone after 10 days and a third: (1099 − 499) × 20.67/31 ≈ 400.
    clock.advance(10 * 24 * 3600 * 1000 + 8 * 3600 * 1000);
    const premium = await openSession(app, ann, PLANS.premium.price);
    const response = await as.page(premium.sessionId);
    expectHtmlPage(response, 200);
    const html = response.body;
    const text = textOf(html);
    expect(html).toMatch(/<title>Upgrade to Premium – Marquee<\/title>/);
    expect(text).toContain('Upgrade to Premium');
    expect(text).not.toContain('Subscribe');
    expect(text).toContain('Upgrade from Basic to Premium, prorated GBP 4.00');
    expect(text).toContain('Total due today GBP 4.00');
    expect(text).toContain('it renews at GBP 10.99/month on 8 June 2025');
    expect(html).toMatch(/<button[^>]*><span class="pay-button-text">Upgrade and pay GBP 4\.00<\/span><\/button>/);

    expect((await as.pay(premium.sessionId)).statusCode).toBe(200);
    // From Premium, Standard is a downgrade: made at the renewal, never paid for here.
    const standard = await openSession(app, ann, PLANS.standard.price);
    const refused = await as.page(standard.sessionId);
    expectHtmlPage(refused, 409);
    expect(refused.body).toMatch(/<title>Downgrade to Standard – Marquee<\/title>/);
    expect(textOf(refused.body)).toContain('A cheaper plan starts at your next renewal, with nothing to pay');
  });

  it('holds no inline script, style or event handler (ready for a strict CSP), on every kind of page', async () => {
    const { app, ann, as, clock } = await checkoutApp();
    const open = await openSession(app, ann);
    const paid = await openSession(app, ann);
    await as.pay(paid.sessionId);
    const pages = [
      await as.page(open.sessionId),
      await as.page(paid.sessionId),
      await as.page('cs_test_unknown'),
      await checkoutClient(app, null).page(open.sessionId),
    ];
    clock.advance(31 * 60 * 1000);
    pages.push(await as.page(open.sessionId));
    for (const page of pages) expectNoInlineCode(page.body);
  });

  it('escapes what it shows', async () => {
    const { app, ann, as } = await checkoutApp();
    app.db
      .prepare('UPDATE products SET name = ?, description = ? WHERE id = ?')
      .run('<b>Standard</b>', 'A "quoted" & <i>risky</i> plan.', PLANS.standard.product);
    const session = await openSession(app, ann);
    const html = (await as.page(session.sessionId)).body;
    expect(html).toContain('Subscribe to &lt;b&gt;Standard&lt;/b&gt;');
    expect(html).toContain('A &quot;quoted&quot; &amp; &lt;i&gt;risky&lt;/i&gt; plan.');
    expect(html).not.toContain('<b>Standard</b>');
  });

  it('asks a signed-out visitor to sign in (401)', async () => {
    const { app, ann } = await checkoutApp();
    const session = await openSession(app, ann);
    const response = await checkoutClient(app, null).page(session.sessionId);
    expectHtmlPage(response, 401);
    expect(textOf(response.body)).toContain('Sign in to continue');
    expect(response.body).toContain('href="/"');
    expect(response.body).not.toContain('GBP');
  });

  it('shows the same 404 page for another customer’s session, an unknown one and any other path', async () => {
    const { app, as } = await checkoutApp();
    const bob = await signUp(app, 'bob@example.com');
    const bobs = await openSession(app, bob);
    for (const path of [bobs.sessionId, `cs_test_${'z'.repeat(48)}`, 'not-a-session', `${bobs.sessionId}/extra`]) {
      const response = await as.page(path);
      expectHtmlPage(response, 404);
      expect(textOf(response.body)).toContain('Checkout session not found');
      expect(response.body).not.toContain('bob@example.com');
      expect(response.body).not.toContain('GBP');
    }
  });

  it('says so when the session has expired, with a link back to its cancel_url (410)', async () => {
    const { app, ann, as, clock } = await checkoutApp();
    const session = await openSession(app, ann);
    clock.advance(30 * 60 * 1000);
    const response = await as.page(session.sessionId);
    expectHtmlPage(response, 410);
    expect(textOf(response.body)).toContain('This checkout session has expired');
    expect(response.body).toContain(`<a class="notice-link" href="${SITE}/change-plan">Back to Marquee</a>`);
    expect(response.body).not.toContain('<form');
  });

  it('says why when another checkout was paid since this one opened (410)', async () => {
    const { app, ann, as } = await checkoutApp();
    const session = await openSession(app, ann, PLANS.basic.price);
    const other = await openSession(app, ann, PLANS.premium.price);
    expect((await as.pay(other.sessionId)).statusCode).toBe(200);
    const response = await as.page(session.sessionId);
    expectHtmlPage(response, 410);
    expect(textOf(response.body)).toContain('This checkout session has expired');
    expect(textOf(response.body)).toContain('You have paid for another checkout since this one was opened');
    expect(response.body).not.toContain('<form');
  });

  it('says so when the session is already complete, with a link back (409)', async () => {
    const { app, ann, as } = await checkoutApp();
    const session = await openSession(app, ann, PLANS.premium.price);
    await as.pay(session.sessionId);
    const response = await as.page(session.sessionId);
    expectHtmlPage(response, 409);
    expect(textOf(response.body)).toContain('This checkout session is already complete');
    expect(textOf(response.body)).toContain('your Premium plan is active');
    expect(response.body).toContain(`href="${SITE}/change-plan"`);
    expect(response.body).not.toContain('<form');
  });
});

describe('GET /checkout/assets/:file', () => {
  it.each([
    ['checkout.css', 'text/css; charset=utf-8'],
    ['checkout.js', 'text/javascript; charset=utf-8'],
  ])('serves %s as %s, cached for good under its hashed URL', async (file, type) => {
    const { app, ann, as } = await checkoutApp();
    const session = await openSession(app, ann);
    const html = (await as.page(session.sessionId)).body;
    const url = new RegExp(`/checkout/assets/${file.replace('.', '\\.')}\\?v=[0-9a-f]{12}`).exec(html)![0];

    const response = await app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(type);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).toBe(readFileSync(join(PAGE_DIR, file), 'utf8'));

    const unversioned = await app.inject({ url: `/checkout/assets/${file}` });
    expect(unversioned.headers['cache-control']).toBe('no-cache');
    const revalidated = await app.inject({ url, headers: { 'if-none-match': String(response.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);
  });

  it('answers an unknown asset with 404', async () => {
    const { app } = await checkoutApp();
    const response = await app.inject({ url: '/checkout/assets/other.js' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not-found', message: 'No checkout asset named other.js' } });
  });

  it('the page script runs the server’s own card checks, served as they are', async () => {
    const script = readFileSync(join(PAGE_DIR, 'checkout.js'), 'utf8');
    expect(script).toMatch(/^import \{[^}]*\bcheckCardField\b[^}]*\} from '\.\/card-checks\.js';$/m);
    // No message of the checks is written again in the page.
    for (const message of Object.values(CARD_MESSAGES)) expect(script).not.toContain(message);

    const { app, ann, as } = await checkoutApp();
    const session = await openSession(app, ann);
    const html = (await as.page(session.sessionId)).body;
    expect(html).toContain('<link rel="modulepreload" href="/checkout/assets/card-checks.js">');
    expect(html).toMatch(/<script type="module" src="\/checkout\/assets\/checkout\.js\?v=[0-9a-f]{12}"><\/script>/);
    const response = await app.inject({ url: '/checkout/assets/card-checks.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(readFileSync(join(SHARED_DIR, 'card-checks.js'), 'utf8'));
  });
});
