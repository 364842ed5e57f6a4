// ffmpeg's HLS muxer options for one fMP4 rendition, shared by the programmes' build
// (scripts/media/programmes.mjs) and the described audio (scripts/described-audio.mjs).

/**
 * Options for a VOD rendition named `name`: `name.m3u8`, `name-init.mp4` and `name-NNN.m4s` side
 * by side (relative to ffmpeg's working folder), `segment`-second segments. No dates and no
 * metadata, so a rebuild with the same ffmpeg gives the same audio bytes. (ffmpeg 5.1's HLS muxer
 * still writes its version, "Lavf59…", into init segments: another ffmpeg changes those.)
 */
export const hlsOutput = (name, segment) => [
  '-f',
  'hls',
  '-hls_time',
  String(segment),
  '-hls_playlist_type',
  'vod',
  '-hls_segment_type',
  'fmp4',
  '-hls_flags',
  'independent_segments',
  '-hls_fmp4_init_filename',
  `${name}-init.mp4`,
  '-hls_segment_filename',
  `${name}-%03d.m4s`,
  '-fflags',
  '+bitexact',
  '-map_metadata',
  '-1',
  `${name}.m3u8`,
];
