/**
 * Where the checkout sends the browser back to (the session's success_url and cancel_url): both to
 * /change-plan, a paid one with a mark, so that the page can say the payment went through.
 */
const PAID_PARAM = 'checkout';
const PAID_VALUE = 'paid';

export const CHANGE_PLAN_PATH = '/change-plan';

export function checkoutReturnUrls(origin: string) {
  return {
    successUrl: `${origin}${CHANGE_PLAN_PATH}?${PAID_PARAM}=${PAID_VALUE}`,
    cancelUrl: `${origin}${CHANGE_PLAN_PATH}`,
  };
}

/** Whether the page's query says the checkout has just been paid. */
export const returnedPaid = (search: string) => new URLSearchParams(search).get(PAID_PARAM) === PAID_VALUE;
