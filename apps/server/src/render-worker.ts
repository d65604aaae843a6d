import { serveRenderTasks } from './lib/render-serve.ts';
import { certificatePdf, certificatePng } from './modules/certificates/render.ts';
import { cmePdf } from './modules/credits/credits.export.ts';

// Stack traces of what loads from here on (lazy chunks) point at src/ lines.
process.setSourceMapsEnabled?.(true);

/**
 * Entry of the worker threads that draw files (lib/render-pool.ts): its own entry in the bundle
 * (build.mjs), so it loads the drawing code and nothing of the server.
 */
const renderTasks = {
  'certificate-png': certificatePng,
  'certificate-pdf': certificatePdf,
  'cme-pdf': cmePdf,
};
export type AppRenderTasks = typeof renderTasks;

serveRenderTasks(renderTasks);
