/**
 * A position as the player and the resume choice show it: "m:ss" under an hour ("0:07",
 * "12:34"), "h:mm:ss" from an hour ("1:02:03"). Fractions are dropped; bad input reads "0:00".
 */
export function formatTimecode(totalSeconds: number): string {
  const whole = Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.floor(totalSeconds) : 0;
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const seconds = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}
