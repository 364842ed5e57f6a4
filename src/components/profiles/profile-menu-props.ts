import type { ProfileSummary } from './ProfileGrid';

// Apart from ProfileMenu.tsx, so that its lazily loaded half (ProfileMenuParts.tsx) imports no file that imports it.

export interface ProfileMenuProps {
  profiles: ProfileSummary[];
  /** The active profile's name, shown in the trigger. */
  activeName?: string;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Another profile was chosen: the screen makes it the active one (docs/spec.md §2). */
  onProfileClick: (id: string) => void;
  onSwitchProfiles: () => void;
  /** Offered instead of 'Switch Profiles' while there are no profiles. */
  onAddProfile: () => void;
  /** Offered when given: the profile's My List page. */
  onMyList?: () => void;
  /** Without it (a kids profile's menu) there is no Account item. */
  onAccount?: () => void;
  /** Only for an operator: opens the studio. Without it the menu has no Studio item. */
  onStudio?: () => void;
  /** Without it (a kids profile's menu) there is no Sign Out item. */
  onSignOut?: () => void;
}
