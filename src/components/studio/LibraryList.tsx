import type { LibraryFileStatus, LibraryOverview } from '../../../shared/library/library-overview.schema';
import { Button } from '../Button';
import type { LoadStatus } from '../status';
import { styled, visuallyHiddenStyles } from '../stitches.config';
import { Muted, Problem, Progress, Row, stateLabel, Table } from './studio-parts';

export interface LibraryListProps {
  status: LoadStatus;
  overview: LibraryOverview | null;
  error?: string | null;
  /** A retry or rescan that was refused. */
  actionError?: string | null;
  busy?: boolean;
  onRetry: (fileKey: number) => void;
  onOpen: (itemKey: number) => void;
  onReload: () => void;
}

const Caption = styled('caption', visuallyHiddenStyles);

const fileName = (path: string) => path.split(/[\\/]/).pop() ?? path;

function FileState({
  file,
  busy,
  onRetry,
}: {
  file: LibraryFileStatus;
  busy: boolean;
  onRetry: (key: number) => void;
}) {
  const state = stateLabel(file.ingestState, file.state);
  const failed = state === 'failed';
  return (
    <Row>
      <span data-state={state}>{state}</span>
      {state === 'transcoding' && file.ingestPercent !== null && (
        <Progress
          max={100}
          value={file.ingestPercent}
          aria-label={`${fileName(file.path)}: ${Math.round(file.ingestPercent)}%`}
        />
      )}
      {state === 'transcoding' && file.ingestPercent !== null && <Muted>{Math.round(file.ingestPercent)}%</Muted>}
      {failed && file.failure && <Muted>{file.failure}</Muted>}
      {(failed || state === 'ready') && (
        <Button
          tone="secondary"
          size="sm"
          disabled={busy}
          aria-label={`${failed ? 'Retry' : 'Make again'} ${fileName(file.path)}`}
          onClick={() => onRetry(file.key)}
        >
          {failed ? 'Retry' : 'Make again'}
        </Button>
      )}
    </Row>
  );
}

/** Every film and series in the library, each file with its ingest state, progress and reason. */
export function LibraryList({
  status,
  overview,
  error,
  actionError,
  busy = false,
  onRetry,
  onOpen,
  onReload,
}: LibraryListProps) {
  if (status === 'loading') return <p role="status">Reading the library…</p>;
  if (status === 'error' || !overview) {
    return (
      <div role="alert">
        <Problem>{error ?? 'The library could not be read.'}</Problem>
        <Button onClick={onReload}>Try again</Button>
      </div>
    );
  }
  return (
    <>
      {actionError && <Problem role="alert">{actionError}</Problem>}
      {overview.titles.length === 0 && overview.unplaced.length === 0 ? (
        <p>Nothing in the library yet. Add a folder with MARQUEE_LIBRARY, or upload a film.</p>
      ) : (
        <Table>
          <Caption>Titles and their files</Caption>
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">File</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {overview.titles.flatMap((title) =>
              (title.files.length ? title.files : [null]).map((file, index) => (
                <tr key={`${title.key}-${file?.key ?? 'none'}`}>
                  <td>
                    {index === 0 && (
                      <Button tone="link" onClick={() => onOpen(title.key)}>
                        {title.title}
                        {title.year ? ` (${title.year})` : ''}
                      </Button>
                    )}
                    {index === 0 && !title.published && <Muted> · unpublished</Muted>}
                  </td>
                  <td>
                    {file
                      ? `${file.season !== undefined ? `S${file.season}E${file.episode} · ` : ''}${fileName(file.path)}`
                      : '—'}
                  </td>
                  <td>{file && <FileState file={file} busy={busy} onRetry={onRetry} />}</td>
                </tr>
              )),
            )}
            {overview.unplaced.map((file) => (
              <tr key={`unplaced-${file.key}`}>
                <td>
                  <Muted>Not placed</Muted>
                </td>
                <td>{fileName(file.path)}</td>
                <td>
                  <FileState file={file} busy={busy} onRetry={onRetry} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
