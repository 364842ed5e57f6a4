/**
 * What the ingest engine tells its watchers (the studio's live job list): a job's state and
 * progress, keyed by the library's key for the source.
 */
import { type Static, Type } from 'typebox';

export const INGEST_STATES = ['queued', 'probing', 'transcoding', 'ready', 'failed'] as const;
export type IngestState = (typeof INGEST_STATES)[number];

export const IngestProgress = Type.Object({
  key: Type.String(),
  state: Type.Union([
    Type.Literal('queued'),
    Type.Literal('probing'),
    Type.Literal('transcoding'),
    Type.Literal('ready'),
    Type.Literal('failed'),
  ]),
  /** 0–100 of the current job's main pass (remux or ladder). */
  percent: Type.Number({ minimum: 0, maximum: 100 }),
  /** Frames a second ffmpeg reports (0 while probing or waiting). */
  fps: Type.Number({ minimum: 0 }),
  /** Seconds left at the current speed; null when unknown. */
  etaSeconds: Type.Union([Type.Number({ minimum: 0 }), Type.Null()]),
  /** True once a playlist can be played: the growing lowest rung, then the whole ladder. */
  playable: Type.Boolean(),
  /** Why a job failed, in words for the operator. */
  reason: Type.Optional(Type.String()),
});
export type IngestProgress = Static<typeof IngestProgress>;
