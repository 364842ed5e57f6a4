// The render process: draws images for the server process that started it (renderer.ts), at a
// lower CPU priority and with its own memory. Each message is one render; each answer carries its
// id. Past its memory budget it asks to be retired, and exits once its parent lets it go.
import type { CatalogueTitle } from '../../catalogue/catalogue-title.ts';
import type { ArtVariant } from './art.ts';
import type { ArtKind } from './art-path.ts';
import { renderArt } from './render.ts';

export interface RenderRequest {
  id: number;
  kind: ArtKind;
  title: CatalogueTitle;
  width: number;
  variant?: ArtVariant;
}

export type RenderAnswer = { id: number; image: Uint8Array } | { id: number; error: string } | { retire: true };

const budgetBytes = Number(process.env.MARQUEE_RENDER_PROCESS_MB || 160) * 1024 * 1024;
const send = (answer: RenderAnswer) => process.send?.(answer);
let retiring = false;

process.on('message', (request: RenderRequest) => {
  renderArt(request.kind, request.title, request.width, request.variant)
    .then(
      (image) => send({ id: request.id, image }),
      (error: unknown) => send({ id: request.id, error: error instanceof Error ? error.message : String(error) }),
    )
    .finally(() => {
      // libvips and the allocator keep what a burst took: a fresh process gives it all back.
      if (!retiring && process.memoryUsage.rss() > budgetBytes) {
        retiring = true;
        send({ retire: true });
      }
    });
});
// The parent closed the channel (it let this process go, or it has gone itself).
process.on('disconnect', () => process.exit(0));
