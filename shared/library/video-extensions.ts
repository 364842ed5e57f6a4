/** The file extensions the library reads as video: its scanner's, and what the studio's uploads accept. */
export const VIDEO_FILE_EXTENSIONS = [
  '.mkv',
  '.mp4',
  '.m4v',
  '.mov',
  '.avi',
  '.wmv',
  '.webm',
  '.ts',
  '.m2ts',
  '.mts',
  '.mpg',
  '.mpeg',
  '.flv',
  '.ogv',
] as const;
