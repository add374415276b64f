import Router from '@koa/router';
import { createRequire } from 'node:module';
import { readdirSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contract } from '../openapi/contract.ts';
import { MIME, StaticAssets, type StaticAsset } from '../http/staticAssets.ts';
import { AppError } from '../../shared/errors.ts';

const require = createRequire(import.meta.url);
const UPLOT_DIR = dirname(require.resolve('uplot'));
const ETHERS_DIR = join(dirname(require.resolve('ethers')), '..', 'dist');
const CONSOLE_DIR = fileURLToPath(new URL('../console/', import.meta.url));

/** Our own files under api/console/assets (plain ES modules and CSS, no build step) plus uPlot. */
function consoleAssets(): StaticAssets {
  const map = new Map<string, StaticAsset>();
  for (const name of readdirSync(join(CONSOLE_DIR, 'assets'))) {
    const type = MIME[extname(name)];
    if (type) map.set(name, { file: join(CONSOLE_DIR, 'assets', name), type });
  }
  map.set('uPlot.esm.js', { file: join(UPLOT_DIR, 'uPlot.esm.js'), type: MIME['.js']!, immutable: true });
  map.set('uPlot.min.css', { file: join(UPLOT_DIR, 'uPlot.min.css'), type: MIME['.css']!, immutable: true });
  // EIP-55 checksums for Sign-In with Ethereum; loaded only when the wallet button is used.
  map.set('ethers.min.js', { file: join(ETHERS_DIR, 'ethers.min.js'), type: MIME['.js']!, immutable: true });
  return new StaticAssets(map);
}

/**
 * GET /console: the developer console, a static page that talks to /api/v1 with the httpOnly session
 * cookies (it never sees or stores a token). Served with a strict CSP (api/http/staticAssets.ts).
 */
export function consolePageRouter(): Router {
  const assets = consoleAssets();
  const page = new StaticAssets(new Map([['index.html', { file: join(CONSOLE_DIR, 'index.html'), type: MIME['.html']! }]]));
  const router = new Router();
  router.get('/console', contract({ summary: 'Developer console page', tags: ['Console'], auth: 'none', hidden: true, responses: { 200: { contentType: 'text/html' } } }), (ctx) => {
    page.serve(ctx, 'index.html');
  });
  router.get('/console/assets/:name', contract({ summary: 'Developer console assets', tags: ['Console'], auth: 'none', hidden: true, responses: { 200: {} } }), (ctx) => {
    if (!assets.serve(ctx, String(ctx.params.name))) throw new AppError('NOT_FOUND', `No asset ${String(ctx.params.name).slice(0, 64)} in the console.`);
  });
  return router;
}
