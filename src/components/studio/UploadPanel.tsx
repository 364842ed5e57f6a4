import { useId } from 'react';

import { VIDEO_FILE_EXTENSIONS } from '../../../shared/library/video-extensions';
import { Button } from '../Button';
import { Field, Muted, Problem, Progress, Row, Table } from './studio-parts';

export interface UploadView {
  id: string;
  name: string;
  size: number;
  sent: number;
  state: 'uploading' | 'paused' | 'done' | 'failed';
  error: string | null;
}

export interface UploadPanelProps {
  uploads: UploadView[];
  onAdd: (files: File[]) => void;
  onPause: (id: string) => void;
  onResume: (id: string) => void;
}

const megabytes = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

/** Uploads: choose video files; each shows its progress, and can be paused and resumed. */
export function UploadPanel({ uploads, onAdd, onPause, onResume }: UploadPanelProps) {
  const hint = useId();
  return (
    <>
      <Field>
        Choose video files to upload
        <input
          type="file"
          multiple
          accept={VIDEO_FILE_EXTENSIONS.join(',')}
          aria-describedby={hint}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            if (files.length) onAdd(files);
            event.target.value = '';
          }}
        />
      </Field>
      <Muted id={hint}>
        Finished uploads go into the library’s uploads folder and are read like any other file. Name a film “Title
        (Year).mkv” to have it matched.
      </Muted>
      {uploads.length > 0 && (
        <Table aria-label="Uploads">
          <thead>
            <tr>
              <th scope="col">File</th>
              <th scope="col">Progress</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {uploads.map((upload) => {
              const percent = upload.size ? Math.round((upload.sent / upload.size) * 100) : 100;
              return (
                <tr key={upload.id}>
                  <td>{upload.name}</td>
                  <td>
                    <Row>
                      <Progress max={100} value={percent} aria-label={`${upload.name}: ${percent}%`} />
                      <Muted>
                        {megabytes(upload.sent)} of {megabytes(upload.size)}
                      </Muted>
                    </Row>
                  </td>
                  <td>
                    <Row>
                      <span data-state={upload.state}>{upload.state}</span>
                      {upload.state === 'uploading' && (
                        <Button
                          tone="secondary"
                          size="sm"
                          aria-label={`Pause ${upload.name}`}
                          onClick={() => onPause(upload.id)}
                        >
                          Pause
                        </Button>
                      )}
                      {(upload.state === 'paused' || upload.state === 'failed') && (
                        <Button
                          tone="secondary"
                          size="sm"
                          aria-label={`Resume ${upload.name}`}
                          onClick={() => onResume(upload.id)}
                        >
                          Resume
                        </Button>
                      )}
                    </Row>
                    {upload.error && <Problem role="alert">{upload.error}</Problem>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
    </>
  );
}
