import type { LibraryFolderStatus } from '../../../shared/library/library-overview.schema';
import { Button } from '../Button';
import { Muted, Problem, Row, Table } from './studio-parts';

export interface FolderListProps {
  folders: LibraryFolderStatus[];
  busy?: boolean;
  actionError?: string | null;
  onRescan: () => void;
}

/** The library's folders: each one's scan state, last whole scan and videos; and a rescan. */
export function FolderList({ folders, busy = false, actionError, onRescan }: FolderListProps) {
  return (
    <>
      <Row>
        <Button onClick={onRescan} disabled={busy}>
          Scan the folders again
        </Button>
      </Row>
      {actionError && <Problem role="alert">{actionError}</Problem>}
      {folders.length === 0 ? (
        <p>No library folders. Name them with MARQUEE_LIBRARY.</p>
      ) : (
        <Table aria-label="Library folders">
          <thead>
            <tr>
              <th scope="col">Folder</th>
              <th scope="col">State</th>
              <th scope="col">Last scan</th>
              <th scope="col">Videos</th>
            </tr>
          </thead>
          <tbody>
            {folders.map((folder) => (
              <tr key={folder.path}>
                <td>{folder.path}</td>
                <td>
                  {folder.state}
                  {folder.error && <Muted> · {folder.error}</Muted>}
                </td>
                <td>{folder.scannedAt ? new Date(folder.scannedAt).toLocaleString() : 'not yet'}</td>
                <td>{folder.videos}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
