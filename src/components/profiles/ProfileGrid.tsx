import { useId } from 'react';

import type { Profile } from '../../../shared/profiles/profile.schema';
import { MAX_PROFILES } from '../../../shared/profiles/profile-rules';
import { Button } from '../Button';
import { Alert } from '../feedback/Alert';
import type { SendStatus } from '../status';
import { styled } from '../stitches.config';
import { ProfileAvatar } from './ProfileAvatar';

export type ProfileSummary = Profile;

const Screen = styled('main', {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '$6',
  minHeight: '100vh',
  padding: '$8 $4',
  textAlign: 'center',
});

const Title = styled('h1', {
  margin: 0,
  fontSize: '$5',
  fontWeight: 500,
  '@tablet': { fontSize: '$6' },
});

const List = styled('ul', {
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: '$5',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  maxWidth: '$contentWidth',
});

const Name = styled('span', {
  color: '$textMuted',
  fontSize: '$2',
  maxWidth: '128px',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  '@tablet': { fontSize: '$3' },
});

const LockSvg = styled('svg', { width: '16px', height: '16px', color: '$textMuted' });

/** A locked profile's padlock under its name; its PIN is asked when it is chosen. */
const LockMark = () => (
  <LockSvg role="img" aria-label="Locked" viewBox="0 0 16 16" fill="currentColor">
    <path d="M4 7V5a4 4 0 0 1 8 0v2h1v8H3V7h1zm2 0h4V5a2 2 0 0 0-4 0v2z" />
  </LockSvg>
);

const AvatarFrame = styled('span', {
  position: 'relative',
  display: 'inline-flex',
  borderRadius: '$2',
  outline: '3px solid transparent',
  outlineOffset: '2px',
  transition: 'outline-color 120ms ease',
  '@reducedMotion': { transition: 'none' },
});

const Tile = styled('button', {
  all: 'unset',
  boxSizing: 'border-box',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: '$3',
  padding: '$1',
  borderRadius: '$2',
  cursor: 'pointer',
  '&:focus-visible': { outline: '2px solid $focus', outlineOffset: '4px' },
  [`&:hover:not(:disabled) ${AvatarFrame}`]: { outlineColor: '$text' },
  [`&:hover:not(:disabled) ${Name}, &:focus-visible ${Name}`]: { color: '$text' },
  // The active profile: a subtle ring, styled from the ARIA attribute rather than a prop.
  [`&[aria-current="true"] ${AvatarFrame}`]: { outlineColor: 'rgba(255, 255, 255, 0.45)' },
  [`&[aria-current="true"] ${Name}`]: { color: '$text' },
  // Dimmed while busy, but the muted name keeps 6:1 on the page (at 0.6 it fell to 3.9:1).
  '&:disabled': { cursor: 'progress', opacity: 0.8 },
});

// Manage mode: a dimmed avatar with a pencil over it.
const EditOverlay = styled('span', {
  position: 'absolute',
  inset: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: '$2',
  backgroundColor: 'rgba(0, 0, 0, 0.55)',
  color: '$text',
});

const AddSquare = styled('span', {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '96px',
  height: '96px',
  borderRadius: '$2',
  color: '$textMuted',
  border: '2px solid transparent',
  '@tablet': { width: '128px', height: '128px' },
  [`${Tile}:hover &`]: { backgroundColor: '$text', color: '$background' },
});

const ErrorSlot = styled('div', {
  width: '100%',
  maxWidth: '$formWidth',
  '&:has([role="alert"]:empty)': { display: 'none' },
});

const PencilIcon = () => (
  <svg
    aria-hidden="true"
    width="36"
    height="36"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinejoin="round"
  >
    <path d="M4 20l1-5L16 4l4 4L9 19z" />
    <path d="M14 6l4 4" />
  </svg>
);

const PlusIcon = () => (
  <svg aria-hidden="true" width="56" height="56" viewBox="0 0 24 24" fill="currentColor">
    <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm5 11h-4v4h-2v-4H7v-2h4V7h2v4h4z" />
  </svg>
);

const Message = styled('p', {
  margin: '0 0 $5',
  fontSize: '$3',
  color: '$text',
  textAlign: 'center',
  '&:empty': { margin: 0 },
});

export interface ProfileGridProps {
  profiles: ProfileSummary[];
  /** Browse: a tile makes that profile active. Manage: a tile opens Edit Profile. */
  mode: 'browse' | 'manage';
  /** 'busy': a request is in flight, tiles are disabled and the list is aria-busy; 'error': `error` is shown. */
  status?: SendStatus;
  error?: string | null;
  onSelect: (id: string) => void;
  onEdit: (id: string) => void;
  onAdd: () => void;
  onToggleManage: () => void;
  /** Offered with an error: reads the profiles again. */
  onRetry?: () => void;
  /** A short word above the grid, announced as a status (a payment just completed). */
  message?: string | null;
  /** Show the 'Add Profile' tile; defaults to fewer than five profiles (docs/spec.md §9's limit). */
  canAdd?: boolean;
}

/** The /profiles screen body (docs/spec.md §2): "Who's Watching?" or "Manage Profiles". */
export function ProfileGrid({
  profiles,
  mode,
  status = 'idle',
  error: failure,
  onSelect,
  onEdit,
  onAdd,
  onToggleManage,
  onRetry,
  canAdd = profiles.length < MAX_PROFILES,
  message = null,
}: ProfileGridProps) {
  const titleId = useId();
  const managing = mode === 'manage';
  const busy = status === 'busy';
  const error = status === 'error' ? failure : null;
  return (
    <Screen aria-labelledby={titleId}>
      <Title id={titleId}>{managing ? 'Manage Profiles' : "Who's Watching?"}</Title>
      {/* Always in the page, so that a screen reader announces the words when they arrive. */}
      <Message role="status">{message}</Message>
      <ErrorSlot>
        <Alert>{error}</Alert>
        {error && onRetry && (
          <Button tone="secondary" size="sm" css={{ marginTop: '$3' }} disabled={busy} onClick={onRetry}>
            Try again
          </Button>
        )}
      </ErrorSlot>
      <List aria-labelledby={titleId} aria-busy={busy || undefined}>
        {profiles.map((profile) => (
          <li key={profile.id}>
            <Tile
              type="button"
              disabled={busy}
              aria-current={profile.activeProfile ? 'true' : undefined}
              aria-label={managing ? `Edit ${profile.name}` : undefined}
              onClick={() => (managing ? onEdit(profile.id) : onSelect(profile.id))}
            >
              <AvatarFrame>
                <ProfileAvatar id={profile.id} name={profile.name} avatar={profile.avatar} size="lg" />
                {managing && (
                  <EditOverlay>
                    <PencilIcon />
                  </EditOverlay>
                )}
              </AvatarFrame>
              <Name>{profile.name}</Name>
              {profile.locked && <LockMark />}
            </Tile>
          </li>
        ))}
        {canAdd && (
          <li>
            <Tile type="button" disabled={busy} onClick={onAdd}>
              <AddSquare>
                <PlusIcon />
              </AddSquare>
              <Name>Add Profile</Name>
            </Tile>
          </li>
        )}
      </List>
      {/* A new account with no profiles sees only 'Add Profile' (docs/spec.md §2). */}
      {profiles.length > 0 && (
        <Button
          tone={managing ? 'light' : 'secondary'}
          size="md"
          css={{
            borderRadius: 0,
            padding: '$2 $5',
            letterSpacing: '0.1em',
            textTransform: 'uppercase',
            fontWeight: 500,
          }}
          onClick={onToggleManage}
        >
          {managing ? 'Done' : 'Manage Profiles'}
        </Button>
      )}
    </Screen>
  );
}
