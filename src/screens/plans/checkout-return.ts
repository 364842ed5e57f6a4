/**
 * Where the checkout sends the browser back to (the session's success_url and cancel_url): both to
 * /change-plan, a paid one with a mark, so that the page can say the payment went through. A
 * checkout started from the join step returns to Who's Watching when paid, to the step when not.
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

/** The join step after sign-up: choose a plan, then pay. */
export const JOIN_PLAN_PATH = '/signup/plan';
/** Who's Watching, where a new member arrives once paid. */
export const JOINED_PATH = '/profiles';

export function joinReturnUrls(origin: string) {
  return {
    successUrl: `${origin}${JOINED_PATH}?${PAID_PARAM}=${PAID_VALUE}`,
    cancelUrl: `${origin}${JOIN_PLAN_PATH}`,
  };
}

/** What Who's Watching says once, back from paying at the join step. */
export const JOINED_MESSAGE = "Payment complete. Your membership has started. Who's watching?";
