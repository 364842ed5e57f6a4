import { FirebaseError } from 'firebase/app';

import { UNREACHABLE_MESSAGE } from '../../brand';

/** Firestore's error codes as person-facing messages (the embedded server's where it has one). */
const MESSAGES: Record<string, string> = {
  'permission-denied': 'You can only reach your own documents.',
  unauthenticated: 'Please sign in first.',
  unavailable: UNREACHABLE_MESSAGE,
  'deadline-exceeded': UNREACHABLE_MESSAGE,
  'not-found': 'There is no such document.',
};

/** An Error whose message can be shown, keeping the original as its cause. */
export function firestoreError(error: unknown): Error {
  if (error instanceof FirebaseError) {
    return new Error(MESSAGES[error.code] ?? error.message.replace(/^Firebase: /, ''), { cause: error });
  }
  return error instanceof Error ? error : new Error(String(error));
}
