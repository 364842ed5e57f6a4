import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { Route, Switch, useLocation, useParams } from 'wouter';

import { ErrorPage } from '../../components/feedback/ErrorPage';
import { sendStatus } from '../../components/status';
import { FolderList } from '../../components/studio/FolderList';
import { ItemEditor } from '../../components/studio/ItemEditor';
import { LibraryList } from '../../components/studio/LibraryList';
import { OperatorList } from '../../components/studio/OperatorList';
import { StudioPage } from '../../components/studio/studio-parts';
import { StudioNav } from '../../components/studio/StudioNav';
import { UploadPanel } from '../../components/studio/UploadPanel';
import { loadStudioService } from '../../services/services';
import type { StudioService } from '../../services/studio/studio.port';
import { useInspectedActorRef } from '../inspect-context';
import { provideOperators, provideStudioItem, provideStudioLibrary, provideUploads } from './studio-logic';

const PAGES = [
  { href: '/', label: 'Library' },
  { href: '/uploads', label: 'Uploads' },
  { href: '/folders', label: 'Folders' },
  { href: '/operators', label: 'Operators' },
];

function LibraryPage({ studio, folders = false }: { studio: StudioService; folders?: boolean }) {
  const [, navigate] = useLocation();
  const logic = useMemo(() => provideStudioLibrary(studio), [studio]);
  const library = useInspectedActorRef(logic);
  const overview = useSelector(library, (s) => s.context.overview);
  const status = useSelector(library, (s) => (s.hasTag('loading') ? 'loading' : s.hasTag('error') ? 'error' : 'ready'));
  const error = useSelector(library, (s) => s.context.error);
  const actionError = useSelector(library, (s) => s.context.actionError);
  const busy = useSelector(library, (s) => s.hasTag('busy'));
  if (folders) {
    return (
      <>
        <h1>Folders</h1>
        <FolderList
          folders={overview?.folders ?? []}
          busy={busy}
          actionError={actionError}
          onRescan={() => library.send({ type: 'library.rescan' })}
        />
      </>
    );
  }
  return (
    <>
      <h1>Library</h1>
      <LibraryList
        status={status}
        overview={overview}
        error={error}
        actionError={actionError}
        busy={busy}
        onRetry={(fileKey) => library.send({ type: 'library.retryFile', fileKey })}
        onOpen={(key) => navigate(`/items/${key}`)}
        onReload={() => library.send({ type: 'library.reload' })}
      />
    </>
  );
}

function ItemPage({ studio }: { studio: StudioService }) {
  const { key } = useParams<{ key: string }>();
  const logic = useMemo(() => provideStudioItem(studio), [studio]);
  const itemActor = useInspectedActorRef(logic, { input: { key: Number(key) } });
  const item = useSelector(itemActor, (s) => s.context.item);
  const failed = useSelector(itemActor, (s) => s.hasTag('error'));
  const error = useSelector(itemActor, (s) => s.context.error);
  const saveError = useSelector(itemActor, (s) => s.context.saveError);
  const saved = useSelector(itemActor, (s) => s.context.saved);
  const busy = useSelector(itemActor, (s) => s.hasTag('busy'));
  const searching = useSelector(itemActor, (s) => s.hasTag('searching'));
  const choices = useSelector(itemActor, (s) => s.context.choices);
  if (failed) return <ErrorPage title="This item could not be read" message={error ?? ''} />;
  if (!item) return <p role="status">Reading the item…</p>;
  return (
    <ItemEditor
      item={item}
      status={sendStatus(busy, saveError)}
      error={saveError}
      saved={saved}
      choices={choices}
      searching={searching}
      onSaveFacts={(facts) => itemActor.send({ type: 'item.saveFacts', facts })}
      onPublish={(published) => itemActor.send({ type: 'item.publish', published })}
      onSearch={(query) => itemActor.send({ type: 'item.search', query })}
      onMatch={(catalogueId) => itemActor.send({ type: 'item.match', catalogueId })}
      onSaveMarkers={(fileKey, markers) => itemActor.send({ type: 'item.saveMarkers', fileKey, markers })}
    />
  );
}

function UploadsPage({ studio }: { studio: StudioService }) {
  const logic = useMemo(() => provideUploads(studio), [studio]);
  const uploadsActor = useInspectedActorRef(logic);
  const uploads = useSelector(uploadsActor, (s) => s.context.uploads);
  return (
    <>
      <h1>Uploads</h1>
      <UploadPanel
        uploads={uploads}
        onAdd={(files) => uploadsActor.send({ type: 'uploads.add', files })}
        onPause={(id) => uploadsActor.send({ type: 'uploads.pause', id })}
        onResume={(id) => uploadsActor.send({ type: 'uploads.resume', id })}
      />
    </>
  );
}

function OperatorsPage({ studio }: { studio: StudioService }) {
  const logic = useMemo(() => provideOperators(studio), [studio]);
  const operatorsActor = useInspectedActorRef(logic);
  const operators = useSelector(operatorsActor, (s) => s.context.operators);
  const busy = useSelector(operatorsActor, (s) => s.hasTag('busy'));
  const saveError = useSelector(operatorsActor, (s) => s.context.saveError ?? s.context.error);
  return (
    <>
      <h1>Operators</h1>
      <OperatorList
        operators={operators}
        status={sendStatus(busy, saveError)}
        error={saveError}
        onGrant={(email) => operatorsActor.send({ type: 'operators.grant', email })}
        onRevoke={(uid) => operatorsActor.send({ type: 'operators.revoke', uid })}
      />
    </>
  );
}

/**
 * The studio (/studio, nested): an operator's library, items, uploads, folders and operators. Its
 * own chunk, loaded only for an operator (SignedInRoutes.tsx); the server answers 404 to anyone else.
 */
export default function StudioScreen() {
  const [location, navigate] = useLocation();
  const [studio, setStudio] = useState<StudioService | null>(null);
  useEffect(() => {
    let live = true;
    void loadStudioService().then((service) => live && setStudio(service));
    return () => {
      live = false;
    };
  }, []);
  return (
    <StudioPage>
      <StudioNav
        items={PAGES.map((page) => ({
          href: `/studio${page.href === '/' ? '' : page.href}`,
          label: page.label,
          current: page.href === '/' ? location === '/' || location.startsWith('/items/') : location === page.href,
        }))}
        onNavigate={(href) => navigate(`~${href}`)}
      />
      {studio && (
        <Switch>
          <Route path="/">
            <LibraryPage studio={studio} />
          </Route>
          <Route path="/items/:key">
            <ItemPage key={location} studio={studio} />
          </Route>
          <Route path="/uploads">
            <UploadsPage studio={studio} />
          </Route>
          <Route path="/folders">
            <LibraryPage studio={studio} folders />
          </Route>
          <Route path="/operators">
            <OperatorsPage studio={studio} />
          </Route>
          <Route>
            <ErrorPage title="Page not found" message="There is no such page in the studio." />
          </Route>
        </Switch>
      )}
    </StudioPage>
  );
}
