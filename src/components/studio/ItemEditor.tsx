import { type FormEvent, useState } from 'react';

import type { Marker, MarkerKind } from '../../../shared/media/markers';
import type { CatalogueChoice, FactsCorrection, StudioFile, StudioItem } from '../../../shared/studio/studio.schema';
import { Button } from '../Button';
import type { SendStatus } from '../status';
import { Field, Muted, Problem, Row, stateLabel, Table } from './studio-parts';

export interface ItemEditorProps {
  item: StudioItem;
  status: SendStatus;
  error?: string | null;
  /** What was saved last ("Facts saved."), announced politely. */
  saved?: string | null;
  choices: CatalogueChoice[];
  searching?: boolean;
  onSaveFacts: (facts: FactsCorrection) => void;
  onPublish: (published: boolean) => void;
  onSearch: (query: string) => void;
  onMatch: (catalogueId: number | null) => void;
  onSaveMarkers: (fileKey: number, markers: Marker[]) => void;
}

const KINDS: MarkerKind[] = ['recap', 'intro', 'credits'];
const fileName = (path: string) => path.split(/[\\/]/).pop() ?? path;

function FactsForm({
  item,
  busy,
  onSave,
}: {
  item: StudioItem;
  busy: boolean;
  onSave: ItemEditorProps['onSaveFacts'];
}) {
  const [title, setTitle] = useState(item.facts.title);
  const [year, setYear] = useState(item.facts.year?.toString() ?? '');
  const [plot, setPlot] = useState(item.facts.plot);
  const [certification, setCertification] = useState(item.facts.certification);
  const [genres, setGenres] = useState(item.facts.genres.join(', '));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave({
      title,
      year: year.trim() === '' ? null : Number(year),
      plot,
      certification,
      genres: genres
        .split(',')
        .map((genre) => genre.trim())
        .filter(Boolean),
    });
  };
  return (
    <form aria-label="Facts" onSubmit={submit} style={{ display: 'grid', gap: 12, maxWidth: 600 }}>
      <Field>
        Title
        <input required value={title} onChange={(event) => setTitle(event.target.value)} />
      </Field>
      <Field>
        Year
        <input inputMode="numeric" pattern="[0-9]{4}" value={year} onChange={(event) => setYear(event.target.value)} />
      </Field>
      <Field>
        Plot
        <textarea rows={4} value={plot} onChange={(event) => setPlot(event.target.value)} />
      </Field>
      <Field>
        Certification
        <input value={certification} onChange={(event) => setCertification(event.target.value)} />
      </Field>
      <Field>
        Genres, separated by commas
        <input value={genres} onChange={(event) => setGenres(event.target.value)} />
      </Field>
      <Row>
        <Button type="submit" disabled={busy}>
          Save facts
        </Button>
        {item.corrected.length > 0 && <Muted>Corrected by an operator: {item.corrected.join(', ')}</Muted>}
      </Row>
    </form>
  );
}

function MarkersForm({
  file,
  busy,
  onSave,
}: {
  file: StudioFile;
  busy: boolean;
  onSave: ItemEditorProps['onSaveMarkers'];
}) {
  const initial = Object.fromEntries(
    KINDS.map((kind) => {
      const marker = file.markers.find((m) => m.kind === kind);
      return [kind, { start: marker?.start.toString() ?? '', end: marker?.end.toString() ?? '' }];
    }),
  ) as Record<MarkerKind, { start: string; end: string }>;
  const [values, setValues] = useState(initial);
  const name = fileName(file.path);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const markers = KINDS.filter((kind) => values[kind].start !== '' && values[kind].end !== '').map((kind) => ({
      kind,
      start: Number(values[kind].start),
      end: Number(values[kind].end),
    }));
    onSave(file.key, markers);
  };
  return (
    <form aria-label={`Markers of ${name}`} onSubmit={submit}>
      <Row>
        {KINDS.map((kind) =>
          (['start', 'end'] as const).map((edge) => (
            <Field key={`${kind}-${edge}`}>
              {`${kind[0].toUpperCase()}${kind.slice(1)} ${edge} (s)`}
              <input
                type="number"
                min={0}
                step="0.1"
                style={{ width: 90 }}
                value={values[kind][edge]}
                onChange={(event) => setValues({ ...values, [kind]: { ...values[kind], [edge]: event.target.value } })}
              />
            </Field>
          )),
        )}
        <Button type="submit" size="sm" disabled={busy}>
          Save markers
        </Button>
      </Row>
      <Muted>
        {file.markersFrom === 'operator'
          ? 'Set by an operator.'
          : file.markersFrom === 'chapters'
            ? 'From the file’s chapters.'
            : 'No markers yet.'}
      </Muted>
    </form>
  );
}

/** One film or series in the studio: its match, facts, art, tracks, markers, and whether viewers see it. */
export function ItemEditor(props: ItemEditorProps) {
  const { item, status, error, saved, choices, searching = false } = props;
  const busy = status === 'busy';
  const [query, setQuery] = useState(item.facts.title);
  const { title } = item;
  return (
    <article aria-labelledby="studio-item-title">
      <h1 id="studio-item-title">
        {title.title}
        {title.year ? ` (${title.year})` : ''}
      </h1>
      <p role="status">{saved ?? ''}</p>
      {status === 'error' && error && <Problem role="alert">{error}</Problem>}

      <section aria-labelledby="studio-publish">
        <h2 id="studio-publish">Viewers</h2>
        <Row>
          <span>{title.published ? 'Published: viewers see this title.' : 'Unpublished: viewers do not see it.'}</span>
          <Button tone="secondary" disabled={busy} onClick={() => props.onPublish(!title.published)}>
            {title.published ? 'Unpublish' : 'Publish'}
          </Button>
        </Row>
      </section>

      <section aria-labelledby="studio-match">
        <h2 id="studio-match">Match</h2>
        <p>
          {title.match.catalogueId
            ? `The catalogue’s “${item.matchedName ?? title.match.catalogueId}” (${title.match.method}).`
            : `A title of its own (${title.match.method}).`}
        </p>
        <form
          aria-label="Find in the catalogue"
          onSubmit={(event) => {
            event.preventDefault();
            if (query.trim()) props.onSearch(query.trim());
          }}
        >
          <Row>
            <Field>
              Find in the catalogue
              <input type="search" value={query} onChange={(event) => setQuery(event.target.value)} />
            </Field>
            <Button type="submit" size="sm" disabled={busy || searching}>
              Search
            </Button>
            {title.match.catalogueId !== null && (
              <Button tone="secondary" size="sm" disabled={busy} onClick={() => props.onMatch(null)}>
                Make it a title of its own
              </Button>
            )}
          </Row>
        </form>
        {choices.length > 0 && (
          <ul aria-label="Catalogue titles">
            {choices.map((choice) => (
              <li key={choice.id}>
                {choice.name}
                {choice.year ? ` (${choice.year})` : ''}{' '}
                <Button
                  tone="secondary"
                  size="sm"
                  disabled={busy}
                  aria-label={`Match to ${choice.name}${choice.year ? ` (${choice.year})` : ''}`}
                  onClick={() => props.onMatch(choice.id)}
                >
                  Match
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="studio-facts">
        <h2 id="studio-facts">Facts</h2>
        <FactsForm key={JSON.stringify(item.facts)} item={item} busy={busy} onSave={props.onSaveFacts} />
      </section>

      <section aria-labelledby="studio-art">
        <h2 id="studio-art">Art</h2>
        <Row>
          {item.art.poster ? (
            <img src={`/images/t/p/w185${item.art.poster}`} alt={`Poster of ${title.title}`} width={120} />
          ) : (
            <Muted>No poster of its own: a generated one is shown.</Muted>
          )}
          {item.art.backdrop && (
            <img src={`/images/t/p/w300${item.art.backdrop}`} alt={`Backdrop of ${title.title}`} width={240} />
          )}
        </Row>
      </section>

      <section aria-labelledby="studio-files">
        <h2 id="studio-files">Files, tracks and markers</h2>
        {item.files.map((file) => (
          <div key={file.key}>
            <h3>
              {file.season !== undefined ? `S${file.season}E${file.episode} · ` : ''}
              {fileName(file.path)} <Muted>· {stateLabel(file.ingestState, file.state)}</Muted>
            </h3>
            {file.tracks ? (
              <Table aria-label={`Tracks of ${fileName(file.path)}`}>
                <tbody>
                  <tr>
                    <th scope="row">Length</th>
                    <td>{Math.round(file.tracks.duration / 60)} min</td>
                  </tr>
                  <tr>
                    <th scope="row">Audio</th>
                    <td>{file.tracks.audio.map((track) => track.label).join(', ') || 'none'}</td>
                  </tr>
                  <tr>
                    <th scope="row">Subtitles</th>
                    <td>{file.tracks.subtitles.map((track) => track.label).join(', ') || 'none'}</td>
                  </tr>
                </tbody>
              </Table>
            ) : (
              <Muted>Tracks are listed once the file is made.</Muted>
            )}
            <MarkersForm key={JSON.stringify(file.markers)} file={file} busy={busy} onSave={props.onSaveMarkers} />
          </div>
        ))}
      </section>
    </article>
  );
}
