// The hosted checkout page's behaviour (markup: server/checkout/hosted-page.ts). Served as a
// file, never inline, so the page works under its strict Content-Security-Policy. It checks each
// field as the customer leaves it with the server's own card checks (shared/billing/card-checks.js,
// served beside this module; the server checks again and has the last word), formats the card number and expiry as typed,
// and pays with one JSON request: then it follows the answer's redirect, or shows the error
// beside its field or in the role="alert" region. The button is disabled while paying, so a
// double click pays once. A card that asks for authentication (3D Secure) shows the test-mode
// confirm/fail step instead of the form; its answer redirects, or shows the server's message.
import { cardBrand, cardDigits, checkCardField, cvcLength } from './card-checks.js';

(() => {
  const form = document.querySelector('form.pay');
  if (!form) return;

  const MESSAGES = {
    network: 'We could not reach the server. Check your connection and try again.',
    unexpected: 'Something went wrong. Please try again.',
  };

  const fields = {
    number: form.elements.namedItem('number'),
    expiry: form.elements.namedItem('expiry'),
    cvc: form.elements.namedItem('cvc'),
    name: form.elements.namedItem('name'),
  };
  const button = form.querySelector('.pay-button');
  const buttonText = form.querySelector('.pay-button-text');
  const alertRegion = document.getElementById('pay-alert');
  const idleLabel = buttonText.textContent;
  const authenticateStep = document.getElementById('authenticate');
  const authenticateButtons = authenticateStep.querySelectorAll('button[data-outcome]');

  const valuesOf = () => ({
    number: fields.number.value,
    expiry: fields.expiry.value,
    cvc: fields.cvc.value,
    name: fields.name.value,
  });
  const isAmex = (digits) => cardBrand(digits) === 'amex';

  const errorSlot = (name) => form.querySelector(`[data-error-for="${name}"]`);

  const showFieldError = (name, message) => {
    const input = fields[name];
    errorSlot(name).textContent = message;
    if (message) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  };

  const check = (name) => {
    const problem = checkCardField(name, valuesOf(), Date.now());
    showFieldError(name, problem ? problem.message : '');
    return problem === null;
  };

  const showAlert = (message) => {
    alertRegion.textContent = message;
  };

  // Formatting as typed: "4242424242424242" → "4242 4242 4242 4242" (Amex: 4-6-5), "1234" → "12 / 34".
  const formatNumber = (digits) => {
    const groups = isAmex(digits) ? [4, 6, 5] : [4, 4, 4, 4, 3];
    const parts = [];
    let at = 0;
    for (const size of groups) {
      if (at >= digits.length) break;
      parts.push(digits.slice(at, at + size));
      at += size;
    }
    return parts.join(' ');
  };

  fields.number.addEventListener('input', () => {
    const digits = fields.number.value.replace(/\D/g, '').slice(0, 19);
    const formatted = formatNumber(digits);
    if (formatted !== fields.number.value) fields.number.value = formatted;
    fields.cvc.maxLength = cvcLength(cardBrand(digits));
  });

  fields.expiry.addEventListener('input', (event) => {
    const raw = fields.expiry.value;
    // Deleting past the separator leaves the month alone, so backspace works naturally.
    if (event.inputType && event.inputType.startsWith('delete')) return;
    let digits = raw.replace(/\D/g, '').slice(0, 4);
    // A first digit above 1 can only be a month on its own: "4" → "04 / ".
    if (/^[2-9]$/.test(digits)) digits = `0${digits}`;
    fields.expiry.value = digits.length >= 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
  });

  fields.cvc.addEventListener('input', () => {
    const digits = fields.cvc.value.replace(/\D/g, '');
    if (digits !== fields.cvc.value) fields.cvc.value = digits;
  });

  // Each field is checked when the customer leaves it, and again as they fix it.
  for (const name of Object.keys(fields)) {
    const input = fields[name];
    input.addEventListener('blur', () => {
      if (input.value !== '') check(name);
    });
    input.addEventListener('input', () => {
      if (input.getAttribute('aria-invalid') === 'true') check(name);
    });
  }

  const setPaying = (paying) => {
    form.dataset.state = paying ? 'paying' : 'idle';
    form.setAttribute('aria-busy', String(paying));
    button.disabled = paying;
    buttonText.textContent = paying ? 'Processing…' : idleLabel;
    for (const input of Object.values(fields)) input.readOnly = paying;
  };

  let paying = false;

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (paying) return;
    showAlert('');
    const names = Object.keys(fields);
    const results = names.map((name) => check(name));
    const firstInvalid = names.find((_name, index) => !results[index]);
    if (firstInvalid) {
      fields[firstInvalid].focus();
      return;
    }

    paying = true;
    setPaying(true);
    let response;
    let body;
    try {
      response = await fetch(form.action, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify({
          number: cardDigits(fields.number.value),
          expiry: fields.expiry.value.trim(),
          cvc: fields.cvc.value.trim(),
          name: fields.name.value.trim(),
        }),
      });
      body = await response.json().catch(() => null);
    } catch {
      paying = false;
      setPaying(false);
      button.focus();
      showAlert(MESSAGES.network);
      return;
    }

    if (response.ok && body && typeof body.redirect === 'string') {
      // Stays disabled: the page is leaving.
      location.assign(body.redirect);
      return;
    }
    if (response.ok && body && body.authenticate) {
      showAuthentication(body.authenticate);
      return;
    }

    paying = false;
    setPaying(false);
    // Disabling the button while paying dropped focus to the page: give it back, so that a
    // keyboard user carries on from where they were (a field error moves it to its field).
    button.focus();
    showPayError(response, body);
  });

  // The authentication step: the form is hidden while it shows; either answer is sent once.
  let authentication = null;

  const showAuthentication = (step) => {
    authentication = step;
    form.hidden = true;
    authenticateStep.hidden = false;
    for (const button of authenticateButtons) button.disabled = false;
    document.getElementById('authenticate-title').focus();
  };

  const hideAuthentication = () => {
    authentication = null;
    authenticateStep.hidden = true;
    form.hidden = false;
    paying = false;
    setPaying(false);
  };

  for (const choice of authenticateButtons) {
    choice.addEventListener('click', async () => {
      if (!authentication) return;
      const { url, token } = authentication;
      for (const other of authenticateButtons) other.disabled = true;
      let response;
      let body;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          credentials: 'same-origin',
          body: JSON.stringify({ token, outcome: choice.dataset.outcome }),
        });
        body = await response.json().catch(() => null);
      } catch {
        hideAuthentication();
        showAlert(MESSAGES.network);
        button.focus();
        return;
      }
      if (response.ok && body && typeof body.redirect === 'string') {
        location.assign(body.redirect);
        return;
      }
      // Failed, or no longer waiting: back to the form, with the server's message.
      hideAuthentication();
      button.focus();
      showPayError(response, body);
    });
  }

  function showPayError(response, body) {
    const error = body && body.error;
    const message = (error && error.message) || MESSAGES.unexpected;
    if (error && error.param && fields[error.param]) {
      showFieldError(error.param, message);
      fields[error.param].focus();
    } else {
      showAlert(message);
    }
    // Expired or already complete: nothing more can be paid here.
    if (error && (error.code === 'session-complete' || error.code === 'session-expired')) {
      button.disabled = true;
      paying = true;
    }
  }
})();
