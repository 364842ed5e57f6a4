import { expect, it } from 'vitest';

import { hasInAppHistory, trackInAppHistory } from '../../../../src/screens/watching/app-history.ts';

it('counts the app’s pushed entries, not replaced ones', () => {
  trackInAppHistory();
  trackInAppHistory(); // once is enough
  expect(hasInAppHistory()).toBe(false);
  window.dispatchEvent(new Event('replaceState'));
  expect(hasInAppHistory()).toBe(false);
  window.dispatchEvent(new Event('pushState'));
  expect(hasInAppHistory()).toBe(true);
});
