export declare const INTERVAL: number;
export declare const INDEX: string;
export declare const SPRITE: string;
export declare function thumbnailIndex(options: {
  count: number;
  columns: number;
  width: number;
  height: number;
  interval?: number;
  duration: number;
  sprite?: string;
}): string;
export declare function makeTrickplay(
  source: string,
  outDir: string,
  options: { duration: number; width?: number; height?: number; columns?: number; ffmpeg?: string; quality?: number },
): { count: number };
