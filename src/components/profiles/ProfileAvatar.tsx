import type { VariantProps } from '@stitches/react';
import { type ComponentPropsWithoutRef, type ElementRef, forwardRef } from 'react';

import { AVATAR_COLORS, type AvatarFace, avatarParts } from '../../../shared/profiles/profile-options';
import { styled } from '../stitches.config';

/**
 * Eight avatar colours, each dark enough to keep at least 4.5:1 contrast with the white face
 * drawn on it, and far enough apart in hue to tell a household's profiles apart.
 */
export const AVATAR_PALETTE = [
  '#1d4ed8', // blue
  '#b91c1c', // red
  '#047857', // green
  '#7e22ce', // purple
  '#a14a00', // amber
  '#0e7490', // teal
  '#be185d', // pink
  '#4d6b0f', // olive
] as const;

/** Each named colour of an avatar id (shared/profiles/profile-options.ts), from the palette above. */
const COLOR_OF = Object.fromEntries(AVATAR_COLORS.map((color, i) => [color, AVATAR_PALETTE[i]!])) as Record<
  (typeof AVATAR_COLORS)[number],
  string
>;

/** FNV-1a over the id: the same id always gets the same colour and face, on every device. */
function hash(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i += 1) {
    h ^= id.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The palette colour for a profile id (exported for tests and for matching accents elsewhere). */
export function avatarColor(id: string): string {
  return AVATAR_PALETTE[hash(id) % AVATAR_PALETTE.length];
}

const Square = styled('span', {
  display: 'inline-flex',
  flexShrink: 0,
  alignItems: 'center',
  justifyContent: 'center',
  overflow: 'hidden',
  color: '#fff',
  '& svg': { display: 'block', width: '100%', height: '100%' },
  variants: {
    size: {
      sm: { width: '32px', height: '32px', borderRadius: '$2' },
      md: { width: '44px', height: '44px', borderRadius: '$2' },
      lg: {
        width: '96px',
        height: '96px',
        borderRadius: '$2',
        '@tablet': { width: '128px', height: '128px' },
      },
    },
  },
  defaultVariants: { size: 'sm' },
});

export type ProfileAvatarVariants = VariantProps<typeof Square>;

export interface ProfileAvatarProps extends Omit<ComponentPropsWithoutRef<'span'>, 'id' | 'children'> {
  /** The profile's name; it is always shown beside the avatar, so the avatar itself is decorative. */
  name: string;
  /** The profile's id: picks the colour and the face, so two profiles never depend on names. */
  id: string;
  size?: 'sm' | 'md' | 'lg';
  /** The avatar the profile chose (one of AVATARS); without one, the id picks a colour and a face. */
  avatar?: string;
}

/** Three friendly mouths; the chosen avatar, or else the id, picks one. */
const MOUTHS: Record<AvatarFace, string> = {
  smile: 'M10 23 Q20 31 30 23',
  calm: 'M11 23 Q20 28 29 23',
  grin: 'M12 22 Q20 32 28 22 Z',
};
const FACES = ['smile', 'calm', 'grin'] as const;

/** The colour and face drawn for a profile: its chosen avatar's, or the ones its id hashes to. */
export function avatarLook(id: string, avatar?: string): { color: string; face: AvatarFace } {
  const chosen = avatarParts(avatar);
  if (chosen) return { color: COLOR_OF[chosen.color], face: chosen.face };
  return { color: avatarColor(id), face: FACES[(hash(id) >>> 8) % FACES.length]! };
}

/**
 * A profile's avatar: a coloured rounded square with a simple face, the one it chose or, until it
 * chooses, one picked by hashing its id. Hidden from assistive technology (aria-hidden).
 */
export const ProfileAvatar = forwardRef<ElementRef<'span'>, ProfileAvatarProps>(
  ({ name, id, size = 'sm', avatar, style, ...props }, ref) => {
    const look = avatarLook(id, avatar);
    const mouth = MOUTHS[look.face];
    const filled = mouth.endsWith('Z');
    return (
      <Square
        ref={ref}
        aria-hidden="true"
        data-avatar-color={look.color}
        data-avatar={avatarParts(avatar) ? avatar : undefined}
        data-profile-name={name}
        size={size}
        style={{ backgroundColor: look.color, ...style }}
        {...props}
      >
        <svg viewBox="0 0 40 40" focusable="false">
          <circle cx="14" cy="15" r="2.6" fill="currentColor" />
          <circle cx="26" cy="15" r="2.6" fill="currentColor" />
          <path
            d={mouth}
            fill={filled ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="2.6"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </Square>
    );
  },
);
ProfileAvatar.displayName = 'ProfileAvatar';
