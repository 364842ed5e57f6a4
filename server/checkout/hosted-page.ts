import { MAX_CARD_NAME_LENGTH } from '../../shared/billing/card-checks.js';
import { escapeHtml, htmlPage, type PageAssets } from '../http/html-page.ts';

export interface CheckoutPageInput {
  brand: string;
  assets: PageAssets;
  planName: string;
  planDescription: string;
  /** "GBP 6.99/month" */
  priceText: string;
  /** What is charged today: "GBP 6.99", or an upgrade's prorated difference. */
  amountText: string;
  /** When the plan next renews, e.g. "8 June 2025". */
  renewsOn: string;
  /** An upgrade of a current subscription: it is charged the prorated difference, and keeps its renewal date. */
  upgradeFrom?: string;
  email: string;
  payUrl: string;
  cancelUrl: string;
}

export interface NoticePageInput {
  brand: string;
  assets: PageAssets;
  title: string;
  message: string;
  /** Where the one link goes, and what it says. */
  link: { href: string; text: string };
}

const page = (assets: PageAssets, title: string, body: string) =>
  htmlPage(assets, title, body, { referrer: 'same-origin' });

const testModeBadge = '<span class="badge">Test mode</span>';

/** What the checkout does, in its title, summary and button: "Subscribe to Standard", "Upgrade to Premium". */
const action = (input: CheckoutPageInput) =>
  input.upgradeFrom
    ? { title: `Upgrade to ${input.planName}`, button: 'Upgrade' }
    : { title: `Subscribe to ${input.planName}`, button: 'Subscribe' };

/**
 * The hosted checkout page: what is being bought on one side, the card form on the other (one
 * column on a phone). It says what the checkout does: a new membership subscribes, a dearer plan
 * upgrades (charging the prorated amount now); a cheaper plan never reaches it (see page-routes). It holds no inline script or style (a strict Content-Security-Policy
 * applies): checkout.js adds the checks as the customer types, the busy state and the payment
 * call, and checkout.css styles states from data attributes and ARIA attributes.
 *
 * Every input has a visible label, the autocomplete token browsers fill cards from, and an error
 * slot it points at with aria-describedby; payment errors go to the role="alert" region.
 */
export function renderCheckoutPage(input: CheckoutPageInput): string {
  const e = escapeHtml;
  const { title, button } = action(input);
  const body = `<div class="checkout">
<header class="checkout-summary">
<div class="summary-top">
<a class="back" href="${e(input.cancelUrl)}"><span class="back-arrow" aria-hidden="true">←</span> <span class="back-brand">${e(input.brand)}</span></a>
${testModeBadge}
</div>
<p class="summary-label">${e(title)}</p>
<p class="summary-price" id="price">${e(input.priceText)}</p>
<p class="summary-description">${e(input.planDescription)}</p>
<dl class="summary-lines">
<div class="summary-line"><dt>${input.upgradeFrom ? `Upgrade from ${e(input.upgradeFrom)} to ${e(input.planName)}, prorated` : `${e(input.planName)} plan`}</dt><dd>${e(input.amountText)}</dd></div>
<div class="summary-line summary-total"><dt>Total due today</dt><dd>${e(input.amountText)}</dd></div>
</dl>
<p class="summary-renews">${input.upgradeFrom ? `Your new plan starts today; it renews at ${e(input.priceText)} on ${e(input.renewsOn)}.` : `Billed monthly from today; your plan next renews on ${e(input.renewsOn)}.`}</p>
</header>
<main class="checkout-main">
<h1 class="pay-title">Pay with card</h1>
<form class="pay" action="${e(input.payUrl)}" method="post" novalidate data-state="idle">
<div class="field">
<span class="field-label" id="email-label">Email</span>
<p class="field-static" aria-labelledby="email-label">${e(input.email)}</p>
</div>
<fieldset class="card">
<legend class="field-label">Card information</legend>
<div class="field">
<label class="field-label" for="card-number">Card number</label>
<input class="input" id="card-number" name="number" type="text" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" maxlength="23" spellcheck="false" required aria-describedby="card-number-error">
<p class="field-error" id="card-number-error" data-error-for="number"></p>
</div>
<div class="field-row">
<div class="field">
<label class="field-label" for="card-expiry">Expiry (MM / YY)</label>
<input class="input" id="card-expiry" name="expiry" type="text" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" maxlength="9" spellcheck="false" required aria-describedby="card-expiry-error">
<p class="field-error" id="card-expiry-error" data-error-for="expiry"></p>
</div>
<div class="field">
<label class="field-label" for="card-cvc">Security code (CVC)</label>
<input class="input" id="card-cvc" name="cvc" type="text" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" maxlength="4" spellcheck="false" required aria-describedby="card-cvc-error">
<p class="field-error" id="card-cvc-error" data-error-for="cvc"></p>
</div>
</div>
</fieldset>
<div class="field">
<label class="field-label" for="card-name">Cardholder name</label>
<input class="input" id="card-name" name="name" type="text" autocomplete="cc-name" placeholder="Full name on card" maxlength="${MAX_CARD_NAME_LENGTH}" required aria-describedby="card-name-error">
<p class="field-error" id="card-name-error" data-error-for="name"></p>
</div>
<div class="pay-alert" id="pay-alert" role="alert"></div>
<button class="pay-button" type="submit" aria-describedby="price"><span class="pay-button-text">${input.upgradeFrom ? `${button} and pay ${e(input.amountText)}` : button}</span></button>
<a class="pay-cancel" href="${e(input.cancelUrl)}">Cancel</a>
<p class="pay-note">Test mode: pay with 4242 4242 4242 4242, any future expiry date and any three-digit CVC. No real payment is taken and card numbers are never stored.</p>
</form>
<section class="authenticate" id="authenticate" aria-labelledby="authenticate-title" hidden>
<h2 class="authenticate-title" id="authenticate-title" tabindex="-1">3D Secure test payment page</h2>
<p class="authenticate-message">Your bank asks you to confirm this payment of ${e(input.amountText)}. This test page stands in for the bank's: complete or fail the authentication to see what happens.</p>
<div class="authenticate-actions">
<button class="authenticate-button authenticate-complete" type="button" data-outcome="complete">Complete authentication</button>
<button class="authenticate-button authenticate-fail" type="button" data-outcome="fail">Fail authentication</button>
</div>
</section>
</main>
</div>`;
  return page(input.assets, `${title} – ${input.brand}`, body);
}

/**
 * A page with a heading, a sentence and one link: for a session that is expired, complete,
 * unknown, or asked for while signed out.
 */
export function renderNoticePage({ brand, assets, title, message, link }: NoticePageInput): string {
  const e = escapeHtml;
  const body = `<main class="notice">
<div class="notice-card">
<div class="summary-top"><span class="back-brand">${e(brand)}</span>${testModeBadge}</div>
<h1 class="notice-title">${e(title)}</h1>
<p class="notice-message">${e(message)}</p>
<a class="notice-link" href="${e(link.href)}">${e(link.text)}</a>
</div>
</main>`;
  return page(assets, `${title} – ${brand}`, body);
}
