import { checkoutSessionsPath } from '../../../shared/accounts/document-paths';
import { api as defaultApi, type ApiClient, readApiError } from '../http/api-client';
import type { CheckoutSessionsStore, CheckoutSessionState } from './checkout-sessions.port';

interface SessionDocument {
  sessionId?: string;
  url?: string;
  error?: { message?: string };
}

const sessions = checkoutSessionsPath;

function toState(document: SessionDocument): CheckoutSessionState {
  return {
    sessionId: document.sessionId,
    url: document.url,
    error: document.error ? { message: document.error.message ?? 'The checkout could not be started.' } : undefined,
  };
}

/**
 * Checkout session requests over the embedded server: a POST adds the document, and its
 * Server-Sent Events stream reports every change. EventSource reconnects by itself after a
 * dropped connection; only a refused stream (an HTTP error) is reported as a failure.
 */
/** The part of EventSource this adapter uses (Node tests pass the `eventsource` package's). */
export interface EventStream {
  onmessage: ((message: MessageEvent<string>) => void) | null;
  onerror: ((event: Event) => void) | null;
  readonly readyState: number;
  close(): void;
}

/** EventSource.CLOSED */
const CLOSED = 2;

export interface LocalCheckoutSessionsOptions {
  api?: ApiClient;
  /** Opens an event stream at a path under /api; the browser's EventSource by default. */
  openEvents?: (path: string) => EventStream;
}

export function createLocalCheckoutSessions({
  api = defaultApi,
  openEvents = (path) => new EventSource(`/api${path}`),
}: LocalCheckoutSessionsOptions = {}): CheckoutSessionsStore {
  return {
    async create(uid, request) {
      try {
        const { id } = await api<{ id: string }>(sessions(uid), {
          method: 'POST',
          body: { price: request.priceId, success_url: request.successUrl, cancel_url: request.cancelUrl },
        });
        return id;
      } catch (error) {
        throw new Error(readApiError(error).message, { cause: error });
      }
    },
    watch(uid, id, onChange, onError) {
      const source = openEvents(`${sessions(uid)}/${encodeURIComponent(id)}/events`);
      source.onmessage = (message: MessageEvent<string>) => {
        let session: SessionDocument | undefined;
        try {
          session = (JSON.parse(message.data) as { session?: SessionDocument }).session;
        } catch {
          session = undefined;
        }
        if (typeof session !== 'object' || session === null) {
          onError(new Error('The checkout session could not be read.'));
          return;
        }
        onChange(toState(session));
      };
      source.onerror = () => {
        if (source.readyState === CLOSED) {
          onError(new Error('Could not follow the checkout session. Check your connection and try again.'));
        }
      };
      return () => source.close();
    },
  };
}
