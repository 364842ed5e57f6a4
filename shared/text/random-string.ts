/**
 * `length` characters drawn uniformly from `alphabet` (2 to 256 characters) with the Web Crypto
 * both sides have (browsers, and Node's global `crypto`). Bytes at or above the largest multiple
 * of the alphabet's size are skipped, so that every character is equally likely. One draw of
 * bytes for the whole string: a draw per character (`randomInt`) cost a checkout's ids 68 calls.
 */
export function randomString(alphabet: string, length: number): string {
  const limit = 256 - (256 % alphabet.length);
  let drawn = '';
  while (drawn.length < length) {
    // A few spare bytes, so that a skipped one seldom needs a second draw.
    for (const byte of crypto.getRandomValues(new Uint8Array(length - drawn.length + 8))) {
      if (byte < limit && drawn.length < length) drawn += alphabet[byte % alphabet.length];
    }
  }
  return drawn;
}
