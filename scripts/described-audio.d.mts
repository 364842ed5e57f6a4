export declare const DESCRIBED: string;
export declare const DESCRIBES_VIDEO: string;
export declare const DESCRIBED_KBPS: number;
export interface AudioRendition {
  name: string;
  label: string;
  language: string;
  isDefault?: boolean;
  characteristics?: string;
}
export declare const AUDIO_RENDITIONS: AudioRendition[];
export declare function audioMediaLines(renditions?: AudioRendition[], group?: string): string[];
export declare function makeDescribedAudio(
  source: string,
  outDir: string,
  options: {
    lines: { at: number; text: string }[];
    duration: number;
    segment?: number;
    kbps?: number;
    ffmpeg?: string;
    espeak?: string;
  },
): { lines: number };
