import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useLocation } from 'wouter';

import { BRAND } from '../brand';
import { SearchBox } from '../components/browse/SearchBox';
import { SectionNav } from '../components/layout/SectionNav';
import { TopBar } from '../components/layout/TopBar';
import { ProfileMenu } from '../components/profiles/ProfileMenu';
import { liveTopBar } from './browse/browse-logic';
import { SearchContext } from './browse/search-context';
import { sectionItems } from './browse/sections';
import { useInspectedActorRef } from './inspect-context';
import { useProfiles, useSendProfiles } from './profiles/profiles-actor';
import { SessionContext } from './session/session-context';

/** The top bar when signed in: logo home, the sections, search, and the profile menu (docs/spec.md §2). */
export function SignedInTopBar() {
  const [location, navigate] = useLocation();
  const topBar = useInspectedActorRef(liveTopBar, { input: { path: location } });
  useEffect(() => topBar.send({ type: 'route.changed', path: location }), [topBar, location]);
  const solid = useSelector(topBar, (s) => s.matches('solid'));

  const search = SearchContext.useActorRef();
  const searchOpen = SearchContext.useSelector((s) => s.matches('open'));
  const query = SearchContext.useSelector((s) => s.context.query);
  const session = SessionContext.useActorRef();
  const profiles = useProfiles();
  const sendProfiles = useSendProfiles();

  return (
    <TopBar
      brand={BRAND}
      solid={solid}
      onHomeClick={() => {
        // docs/spec.md §2: the logo returns home and clears the search.
        search.send({ type: 'search.clear' });
        navigate('/');
      }}
      nav={
        <SectionNav
          items={sectionItems(location)}
          onNavigate={(href) => {
            // Home, like the logo, clears the search; a section starts at its top.
            if (href === '/') search.send({ type: 'search.clear' });
            navigate(href);
            window.scrollTo(0, 0);
          }}
        />
      }
    >
      <SearchBox
        open={searchOpen}
        value={query}
        onOpen={() => {
          search.send({ type: 'search.open' });
          if (location !== '/') navigate('/');
        }}
        onValueChange={(value) => search.send({ type: 'search.change', value })}
        onClear={() => search.send({ type: 'search.clear' })}
        onBlurEmpty={() => search.send({ type: 'search.blur' })}
      />
      <ProfileMenu
        profiles={profiles}
        // docs/spec.md §2: another profile from the menu becomes the active one at once.
        onProfileClick={(id) => sendProfiles({ type: 'profiles.select', id })}
        onSwitchProfiles={() => navigate('/profiles')}
        onAddProfile={() => navigate('/add-profile')}
        onMyList={() => navigate('/my-list')}
        onAccount={() => navigate('/account')}
        // Once signed out, the signed-out routes lead every address to the landing page at /.
        onSignOut={() => session.send({ type: 'session.signOut' })}
      />
    </TopBar>
  );
}
