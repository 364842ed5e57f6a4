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
  /**
   * Calls back with the current user once it is known, then on every change. `ended` says a
   * signed-in user was signed out by the server (the session ended elsewhere), not by this tab.
   */
  onAuthStateChanged(callback: (user: AuthUser | null, ended?: boolean) => void): Unsubscribe;
  /**
   * "Forgot password?": e-mails a single-use reset link if the address has an account. Resolves
   * the same either way: the answer never tells which addresses have accounts.
   */
  sendPasswordResetEmail(email: string): Promise<void>;
  /** Sets a new password with a reset link's code; every session of the account ends. */
  confirmPasswordReset(code: string, newPassword: string): Promise<void>;
  /** Changes the signed-in account's e-mail, confirmed by its password; resolves with the user as now. */
  changeEmail(password: string, newEmail: string): Promise<AuthUser>;
  /** Changes the signed-in account's password; every other session of the account ends. */
  changePassword(password: string, newPassword: string): Promise<void>;
  /** The account's signed-in devices and their sign-out, where the backend can list them. */
  readonly devices?: DevicesService;
}

/** A signed-in device of the account (shared/auth/devices.schema.ts). */
export interface DeviceSession {
  id: string;
  /** e.g. "Chrome on Windows" */
  device: string;
  /** The client address it was last seen from. */
  address: string;
  /** ISO 8601 */
  lastSeenAt: string;
  /** This browser's own session. */
  current: boolean;
}

export interface DevicesService {
  list(): Promise<DeviceSession[]>;
  /** Signs that device out (this one too, when it is this one: then no user is reported). */
  signOut(session: DeviceSession): Promise<void>;
}

export class AuthError extends Error {
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.name = 'AuthError';
    this.code = code;
  }
}
