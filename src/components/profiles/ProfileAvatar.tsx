import type { VariantProps } from '@stitches/react';
import { type ComponentPropsWithoutRef, type ElementRef, forwardRef } from 'react';

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
  size?: 'sm' | 'lg';
}

/** Three friendly mouths; the id picks one, independently of the colour. */
const MOUTHS = [
  'M10 23 Q20 31 30 23', // smile
  'M11 23 Q20 28 29 23', // small smile
  'M12 22 Q20 32 28 22 Z', // open grin
] as const;

/**
 * A deterministic avatar for a profile: a coloured rounded square with a simple face, both chosen
 * by hashing the profile id. Hidden from assistive technology (aria-hidden).
 */
export const ProfileAvatar = forwardRef<ElementRef<'span'>, ProfileAvatarProps>(
  ({ name, id, size = 'sm', style, ...props }, ref) => {
    const h = hash(id);
    const mouth = MOUTHS[(h >>> 8) % MOUTHS.length];
    const filled = mouth.endsWith('Z');
    return (
      <Square
        ref={ref}
        aria-hidden="true"
        data-avatar-color={avatarColor(id)}
        data-profile-name={name}
        size={size}
        style={{ backgroundColor: avatarColor(id), ...style }}
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
