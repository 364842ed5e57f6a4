import { api as defaultApi, type ApiClient, onSessionEnded, readApiError } from '../http/api-client';
import { AuthError, type AuthService, type AuthUser, type DeviceSession } from './auth.port';

const RETRY_DELAY_MS = 3000;

/** The auth port over the embedded server's /api/auth routes (session cookie). */
export function createLocalAuth({ api = defaultApi }: { api?: ApiClient } = {}): AuthService {
  const listeners = new Set<(user: AuthUser | null, ended?: boolean) => void>();
  let current: AuthUser | null | undefined; // undefined: not known yet

  const publish = (user: AuthUser | null, ended = false) => {
    current = user;
    for (const listener of listeners) {
      if (ended) listener(user, true);
      else listener(user);
    }
  };
  // Any call answered "please sign in" while signed in: the session was ended elsewhere.
  onSessionEnded(() => {
    if (current) publish(null, true);
  });

  const call = async <T>(path: string, options: { method: 'GET' | 'POST' | 'DELETE'; body?: object }): Promise<T> => {
    try {
      return await api<T>(path, options);
    } catch (error) {
      const { code, message } = readApiError(error);
      throw new AuthError(code.startsWith('auth/') ? code : `auth/${code}`, message);
    }
  };
  const post = (path: string, body?: object) =>
    call<{ user: AuthUser }>(path, { method: 'POST', body }).then((response) => response.user);

  // Ask the server who is signed in; while it is unreachable, keep asking and say nothing,
  // so a persisted session is not mistaken for a signed-out one.
  let checking: ReturnType<typeof setTimeout> | undefined;
  const checkSession = () => {
    call<{ user: AuthUser | null }>('/auth/session', { method: 'GET' }).then(
      (response) => publish(response.user),
      () => {
        // Nobody is listening any more: stop asking.
        if (listeners.size > 0) checking = setTimeout(checkSession, RETRY_DELAY_MS);
      },
    );
  };

  return {
    async signUp(email, password) {
      const user = await post('/auth/sign-up', { email, password });
      publish(user);
      return user;
    },
    async signIn(email, password) {
      const user = await post('/auth/sign-in', { email, password });
      publish(user);
      return user;
    },
    async signOut() {
      await call('/auth/sign-out', { method: 'POST' });
      publish(null);
    },
    async signOutEverywhere() {
      await call('/auth/sign-out-everywhere', { method: 'POST' });
      publish(null);
    },
    async sendPasswordResetEmail(email) {
      await call('/auth/password-reset', { method: 'POST', body: { email } });
    },
    async confirmPasswordReset(code, newPassword) {
      await call('/auth/password-reset/confirm', { method: 'POST', body: { code, password: newPassword } });
      // Every session of the account has ended, this browser's too if it was the account's.
      if (current) publish(null);
    },
    async changeEmail(password, newEmail) {
      const user = await post('/auth/email', { password, email: newEmail });
      publish(user);
      return user;
    },
    async changePassword(password, newPassword) {
      await call('/auth/password', { method: 'POST', body: { password, newPassword } });
    },
    devices: {
      list: () =>
        call<{ sessions: DeviceSession[] }>('/auth/sessions', { method: 'GET' }).then((answer) => answer.sessions),
      async signOut(session) {
        await call(`/auth/sessions/${encodeURIComponent(session.id)}`, { method: 'DELETE' });
        if (session.current) publish(null);
      },
    },
    onAuthStateChanged(callback) {
      listeners.add(callback);
      if (current !== undefined) callback(current);
      else if (listeners.size === 1) checkSession();
      return () => {
        listeners.delete(callback);
        if (listeners.size === 0) clearTimeout(checking);
      };
    },
  };
}
