import Router from '@koa/router';
import type Koa from 'koa';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { contract } from '../openapi/contract.ts';
import { buildOpenApiDocument } from '../openapi/document.ts';
import { MIME, StaticAssets, type StaticAsset } from '../http/staticAssets.ts';
import { AppError } from '../../shared/errors.ts';

const require = createRequire(import.meta.url);
const SWAGGER_DIR = dirname(require.resolve('swagger-ui-dist/package.json'));
const PAGE_DIR = fileURLToPath(new URL('../openapi/reference/', import.meta.url));

const ASSETS = new StaticAssets(
  new Map<string, StaticAsset>([
    ['swagger-ui-bundle.js', { file: join(SWAGGER_DIR, 'swagger-ui-bundle.js'), type: MIME['.js']!, immutable: true }],
    ['swagger-ui.css', { file: join(SWAGGER_DIR, 'swagger-ui.css'), type: MIME['.css']!, immutable: true }],
    ['reference.js', { file: join(PAGE_DIR, 'reference.js'), type: MIME['.js']! }],
    ['reference.css', { file: join(PAGE_DIR, 'reference.css'), type: MIME['.css']! }],
  ]),
);
const PAGE = new StaticAssets(new Map([['index.html', { file: join(PAGE_DIR, 'index.html'), type: MIME['.html']! }]]));

/** The document is built once per app, on first request, after every router has been mounted. */
const documents = new WeakMap<Koa, string>();

/** GET /openapi.json (the generated OpenAPI 3.1 document) and GET /docs (Swagger UI, served from node_modules). */
export function openApiRouter(deps: AppDeps): Router {
  const router = new Router();
  router.get(
    '/openapi.json',
    contract({
      summary: 'The OpenAPI 3.1 document of this API',
      description: 'Generated at start-up from the zod schemas the routes validate with.',
      tags: ['Documentation'],
      auth: 'none',
      responses: { 200: { description: 'OpenAPI 3.1 document', schema: z.record(z.string(), z.unknown()) } },
    }),
    (ctx) => {
      let text = documents.get(ctx.app);
      if (!text) {
        const { document, undocumented } = buildOpenApiDocument(ctx.app, deps.config.PUBLIC_ORIGIN ? { serverUrl: deps.config.PUBLIC_ORIGIN } : {});
        if (undocumented.length > 0) {
          deps.log.warn({ routes: undocumented.map((r) => `${r.method} ${r.path}`) }, 'routes without a contract() are marked x-undocumented in /openapi.json');
        }
        text = JSON.stringify(document);
        documents.set(ctx.app, text);
      }
      ctx.type = 'application/json';
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = text;
    },
  );
  router.get('/docs', contract({ summary: 'Interactive API reference', tags: ['Documentation'], auth: 'none', hidden: true, responses: { 200: { contentType: 'text/html' } } }), (ctx) => {
    PAGE.serve(ctx, 'index.html');
  });
  router.get('/docs/assets/:name', contract({ summary: 'API reference assets', tags: ['Documentation'], auth: 'none', hidden: true, responses: { 200: {} } }), (ctx) => {
    if (!ASSETS.serve(ctx, String(ctx.params.name))) throw new AppError('NOT_FOUND', `No asset ${String(ctx.params.name).slice(0, 64)} in the API reference.`);
  });
  return router;
}
