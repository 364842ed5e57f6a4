import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';

import { STUDIO_PATH } from '../../shared/studio/studio-paths';
import { BRAND } from '../brand';
import { SearchBox, searchBoxFitsTopBar } from '../components/browse/SearchBox';
import { KidsTopBar } from '../components/layout/KidsTopBar';
import { SectionNav } from '../components/layout/SectionNav';
import { TopBar } from '../components/layout/TopBar';
import { ProfileMenu } from '../components/profiles/ProfileMenu';
import { SEARCH_PAGE_INPUT_ID } from './browse/search-address';
import { kidsSectionItems, sectionItems } from './browse/sections';
import { liveTopBar } from './browse/top-bar-logic';
import { useSearchAddress } from './browse/use-search-address';
import { useInspectedActorRef } from './inspect-context';
import { useActiveIsKids, useProfiles, useSendProfiles } from './profiles/profiles-actor';
import { SessionContext } from './session/session-context';

/** The top bar when signed in: logo home, the sections, search, and the profile menu (docs/spec.md §2). */
export function SignedInTopBar() {
  const [location, navigate] = useLocation();
  const topBar = useInspectedActorRef(liveTopBar, { input: { path: location } });
  useEffect(() => topBar.send({ type: 'route.changed', path: location }), [topBar, location]);
  const solid = useSelector(topBar, (s) => s.matches('solid'));

  const search = useSearchAddress();
  // Opened with nothing typed yet, away from the search page: the address changes at the first key.
  const [expanded, setExpanded] = useState(false);
  const session = SessionContext.useActorRef();
  const profiles = useProfiles();
  const sendProfiles = useSendProfiles();
  const operator = SessionContext.useSelector((s) => s.context.user?.operator === true);
  // A kids profile's bar (KidsTopBar.tsx): its sections, no account items, and Exit Kids.
  const kids = useActiveIsKids();
  const Bar = kids ? KidsTopBar : TopBar;

  return (
    <Bar
      onExitKids={() => navigate('/profiles')}
      brand={BRAND}
      solid={solid}
      onHomeClick={() => {
        // docs/spec.md §2: the logo returns home and clears the search.
        setExpanded(false);
        navigate('/');
      }}
      nav={
        <SectionNav
          items={kids ? kidsSectionItems(location) : sectionItems(location)}
          onNavigate={(href) => {
            // A section, Home too, leaves the search as the logo does, and starts at its top.
            setExpanded(false);
            navigate(href);
            window.scrollTo(0, 0);
          }}
        />
      }
    >
      <SearchBox
        open={search.onSearchPage || expanded}
        value={search.query}
        onOpen={() => {
          // Phones go to the search page and its full-width box (docs/decisions.md).
          if (searchBoxFitsTopBar()) setExpanded(true);
          else if (search.onSearchPage) document.getElementById(SEARCH_PAGE_INPUT_ID)?.focus();
          else search.show('');
        }}
        onValueChange={(value) => {
          // Emptying the box is clearing it: back to the page the search started from, with the
          // box still open to type again.
          if (value === '') {
            setExpanded(true);
            search.leave();
          } else search.show(value);
        }}
        onClear={() => {
          setExpanded(false);
          search.leave();
        }}
        onBlurEmpty={() => {
          if (!search.onSearchPage) setExpanded(false);
        }}
      />
      <ProfileMenu
        profiles={profiles}
        // docs/spec.md §2: another profile from the menu becomes the active one at once.
        onProfileClick={(id) => sendProfiles({ type: 'profiles.select', id })}
        onSwitchProfiles={() => navigate('/profiles')}
        onAddProfile={() => navigate('/add-profile')}
        onMyList={kids ? undefined : () => navigate('/my-list')}
        onAccount={kids ? undefined : () => navigate('/account')}
        onStudio={operator && !kids ? () => navigate(STUDIO_PATH) : undefined}
        // Once signed out, the signed-out routes lead every address to the landing page at /.
        onSignOut={kids ? undefined : () => session.send({ type: 'session.signOut' })}
      />
    </Bar>
  );
}
