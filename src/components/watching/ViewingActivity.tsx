import { useEffect, useId, useRef } from 'react';

import { VisuallyHidden } from '../browse/BrowseLayout';
import { Button, ButtonLink } from '../Button';
import { Alert } from '../feedback/Alert';
import { LoadFailure } from '../feedback/LoadFailure';
import type { LoadStatus, SendStatus } from '../status';
import { styled } from '../stitches.config';

const Main = styled('main', {
  minHeight: '100vh',
  maxWidth: '960px',
  padding: 'calc($sizes$topBarHeight + $space$5) $4 $8',
  '@tablet': { padding: 'calc($sizes$topBarHeight + $space$6) $7 $8' },
});

const Heading = styled('h1', { margin: '0 0 $2', fontSize: '$4', fontWeight: 700, '@tablet': { fontSize: '$5' } });

const Lead = styled('p', { margin: '0 0 $5', color: '$textMuted', fontSize: '$2' });

const Lines = styled('ul', { margin: '0 0 $5', padding: 0, listStyle: 'none', borderTop: '1px solid #333' });

const Line = styled('li', {
  display: 'grid',
  gridTemplateColumns: '6.5em 1fr auto',
  alignItems: 'center',
  gap: '$3',
  padding: '$3 0',
  borderBottom: '1px solid #333',
  fontSize: '$2',
});

const When = styled('time', { color: '$textMuted' });

const Empty = styled('p', { margin: '$5 0', color: '$textMuted', fontSize: '$3' });

export interface ViewingActivityLine {
  key: string;
  /** "The Matrix", or "Bluey: Season 1: Episode 2". */
  label: string;
  /** The date as shown ("29/11/2026"). */
  date: string;
  /** The same date for machines (YYYY-MM-DD). */
  dateTime: string;
}

export interface ViewingActivityProps {
  profileName: string;
  status: LoadStatus;
  lines: ViewingActivityLine[];
  errorMessage?: string;
  onRetry?: () => void;
  /** Hiding a line: `busy` while one is with the server, `error` with `hideError` when it failed. */
  hideStatus: SendStatus;
  hideError?: string;
  onHide: (key: string) => void;
  /** Where "Download all" saves the activity from (a CSV the server sends as an attachment). */
  downloadHref: string;
}

/**
 * A profile's viewing activity (/viewing-activity): every title and episode it watched, newest
 * first, each with its date and a Hide button; "Download all" saves them as a CSV. When a line
 * goes, focus moves to the next line's Hide (or the previous, or the heading when none is left).
 */
export function ViewingActivity({
  profileName,
  status,
  lines,
  errorMessage,
  onRetry,
  hideStatus,
  hideError,
  onHide,
  downloadHref,
}: ViewingActivityProps) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  // The place of the line last hidden, while its Hide had focus: focus goes to what takes its place.
  const hiddenAt = useRef<number | null>(null);

  useEffect(() => {
    const at = hiddenAt.current;
    if (at === null || hideStatus === 'busy') return;
    hiddenAt.current = null;
    const next = lines[Math.min(at, lines.length - 1)];
    (next ? buttons.current.get(next.key) : heading.current)?.focus();
  }, [lines, hideStatus]);

  return (
    <Main aria-labelledby={headingId}>
      <Heading id={headingId} ref={heading} tabIndex={-1}>
        Viewing activity
      </Heading>
      <Lead>Activity for {profileName}</Lead>
      {status === 'loading' && <VisuallyHidden role="status">Loading viewing activity</VisuallyHidden>}
      {status === 'error' && (
        <LoadFailure message={errorMessage ?? 'Viewing activity could not be loaded.'} onRetry={onRetry} />
      )}
      {status === 'ready' && lines.length === 0 && <Empty>Titles you watch appear here.</Empty>}
      <Alert>{hideStatus === 'error' ? hideError : null}</Alert>
      {status === 'ready' && lines.length > 0 && (
        <>
          <Lines aria-label={`Watched by ${profileName}, newest first`}>
            {lines.map((line, index) => (
              <Line key={line.key}>
                <When dateTime={line.dateTime}>{line.date}</When>
                <span>{line.label}</span>
                <Button
                  ref={(element) => {
                    if (element) buttons.current.set(line.key, element);
                    else buttons.current.delete(line.key);
                  }}
                  tone="secondary"
                  size="sm"
                  aria-label={`Hide ${line.label}`}
                  aria-disabled={hideStatus === 'busy' || undefined}
                  onClick={() => {
                    if (hideStatus === 'busy') return;
                    hiddenAt.current = index;
                    onHide(line.key);
                  }}
                >
                  Hide
                </Button>
              </Line>
            ))}
          </Lines>
          <ButtonLink href={downloadHref} download tone="secondary" size="md">
            Download all
          </ButtonLink>
        </>
      )}
    </Main>
  );
}
