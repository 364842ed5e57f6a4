import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';

import { MAX_PROFILES } from '../../../../shared/profiles/profile-rules.ts';
import { userEvent } from '../../support/user-event';

// The screen's one link to the session: its profiles actor, stood in for by the list it reads.
const view = vi.hoisted(() => ({ profiles: [] as { id: string; name: string }[], busy: false }));
vi.mock('../../../../src/screens/profiles/use-profiles-screen', () => ({
  useProfilesScreen: () => ({
    send: vi.fn(),
    profiles: view.profiles,
    mode: 'browse',
    editing: null,
    error: null,
    busy: view.busy,
    loading: false,
  }),
}));

const { default: AddProfileScreen } = await import('../../../../src/screens/profiles/AddProfileScreen.tsx');

const profiles = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ id: `p${index}`, name: `P${index}` }));

function renderAt(path: string) {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook}>
      <AddProfileScreen />
    </Router>,
  );
  return location;
}

describe('/add-profile', () => {
  beforeEach(() => {
    view.busy = false;
  });
  afterEach(cleanup);

  it('shows the form below the limit', () => {
    view.profiles = profiles(MAX_PROFILES - 1);
    renderAt('/add-profile');
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
  });

  it('at the limit says so up front, with the limit, offers the way back and no form', async () => {
    view.profiles = profiles(MAX_PROFILES);
    const location = renderAt('/add-profile');
    expect(screen.getByRole('heading', { level: 1, name: 'Add Profile' })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`has ${MAX_PROFILES} profiles, the most it can have`))).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Back to profiles' }));
    expect(location.history.at(-1)).toBe('/profiles');
  });
});
