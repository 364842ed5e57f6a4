import { rmSync } from 'node:fs';
import { extname, join } from 'node:path';

import {
  type FfmpegRun,
  MEDIA_DEMUXERS,
  type ProcessPriority,
  runFfmpeg,
  safeInput,
  SUBTITLE_DEMUXERS,
} from './ffmpeg.ts';
import { languageName, languageTag, type SubtitleRendition, uniqueLabels, writeSubtitlePlaylist } from './playlists.ts';
import type { Probe } from './probe.ts';
import { type Running, Stopped } from './running-job.ts';

/** The subtitle files ingest reads, by extension, with ffmpeg's demuxer for each. */
export const SUBTITLE_FORMAT: Record<string, string> = {
  '.srt': 'srt',
  '.vtt': 'webvtt',
  '.ass': 'ass',
  '.ssa': 'ass',
};

export interface SubtitlePass {
  priority: ProcessPriority;
  log: (message: string) => void;
  /** Runs an ffmpeg as part of the job, so a cancel or a removal reaches it. */
  track: (job: Running, ffmpeg: FfmpegRun) => Promise<void>;
}

/** Converts the source's text subtitles and the external subtitle files to WebVTT renditions. */
export async function makeSubtitles(
  job: Running,
  work: string,
  probed: Probe,
  { priority, log, track }: SubtitlePass,
): Promise<SubtitleRendition[]> {
  const made: Array<Omit<SubtitleRendition, 'label'> & { title: string | null }> = [];
  const embedded = probed.subtitles.filter((s) => s.isText);
  if (embedded.length > 0) {
    const outputs = embedded.flatMap((s) => [
      '-map',
      `0:s:${s.order}`,
      '-c:s',
      'webvtt',
      '-f',
      'webvtt',
      `subtitles-${made.length + embedded.indexOf(s)}.vtt`,
    ]);
    await track(
      job,
      runFfmpeg([...safeInput(job.row.source_path, MEDIA_DEMUXERS, probed.format), ...outputs], {
        priority,
        cwd: work,
      }),
    );
    for (const s of embedded) {
      made.push({
        name: `subtitles-${made.length}`,
        language: languageTag(s.language),
        forced: s.forced,
        title: s.title,
      });
    }
  }
  const external = JSON.parse(job.row.external_subtitles) as Array<{ path: string; language: string }>;
  for (const sub of external) {
    const name = `subtitles-${made.length}`;
    const format = SUBTITLE_FORMAT[extname(sub.path).toLowerCase()]!;
    try {
      await track(
        job,
        runFfmpeg(
          [
            ...safeInput(sub.path, SUBTITLE_DEMUXERS, format),
            '-map',
            '0:s:0',
            '-c:s',
            'webvtt',
            '-f',
            'webvtt',
            `${name}.vtt`,
          ],
          { priority, cwd: work },
        ),
      );
    } catch (error) {
      if (error instanceof Stopped) throw error;
      // One unreadable subtitle file does not cost the programme: it is left out and logged.
      log(`ingest: ${sub.path} could not be converted to WebVTT: ${(error as Error).message}`);
      rmSync(join(work, `${name}.vtt`), { force: true });
      continue;
    }
    made.push({ name, language: languageTag(sub.language), forced: /\.forced\./i.test(sub.path), title: null });
  }
  const labels = uniqueLabels(made.map((s, i) => s.title?.trim() || languageName(s.language, `Subtitles ${i + 1}`)));
  return made.map(({ title: _title, ...s }, i) => {
    writeSubtitlePlaylist(work, s.name, probed.duration);
    return { ...s, label: labels[i]! };
  });
}
