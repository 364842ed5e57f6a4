/** The signed-in user as every auth backend reports it. */
export interface AuthUser {
  uid: string;
  email: string;
  /** ISO 8601 creation time of the account ("Member Since"). */
  createdAt: string;
  /** Set only for an account that runs the studio (the embedded server says so to it alone). */
  operator?: true;
}

export type Unsubscribe = () => void;

/**
 * The auth port, shaped after Firebase Auth's modular API so the hosted adapter is thin.
 * Failures reject with an AuthError carrying Firebase's code and message.
 */
export interface AuthService {
  signUp(email: string, password: string): Promise<AuthUser>;
  signIn(email: string, password: string): Promise<AuthUser>;
  signOut(): Promise<void>;
  /**
   * Ends every session of the account, on every device and browser, this one included; then
   * reports no user, as signOut does.
   */
  signOutEverywhere(): Promise<void>;
  /** Calls back with the current user once it is known, then on every change. */
  onAuthStateChanged(callback: (user: AuthUser | null) => void): Unsubscribe;
}

export class AuthError extends Error {
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.name = 'AuthError';
    this.code = code;
  }
}
