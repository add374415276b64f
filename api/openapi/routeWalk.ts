import type Koa from 'koa';
import { contractOf, type RouteContract } from './contract.ts';

/** One method + path the app answers, with the contract its route declared (if any). */
export interface RegisteredRoute {
  readonly method: string;
  /** The router's path, e.g. `/api/v1/markets/:id`. */
  readonly koaPath: string;
  /** The same path in OpenAPI form, e.g. `/api/v1/markets/{id}`. */
  readonly path: string;
  readonly contract: RouteContract | undefined;
}

interface LayerLike {
  readonly path: unknown;
  readonly methods: readonly string[];
  readonly stack: readonly unknown[];
}
interface RouterLike {
  readonly stack: readonly LayerLike[];
}

/** `/a/:id/b/:itemId` → `/a/{id}/b/{itemId}`; a trailing slash (a router's root route) is dropped. */
export function openApiPath(koaPath: string): string {
  const trimmed = koaPath.length > 1 && koaPath.endsWith('/') ? koaPath.slice(0, -1) : koaPath;
  return trimmed.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/**
 * Every route the app registered, found by walking the routers mounted on it (`app.use(router.routes())`
 * leaves the router on the dispatch function). Nested routers appear through their parent, which holds
 * prefixed copies of their layers. HEAD is left out: koa-router answers it for every GET.
 */
export function registeredRoutes(app: Koa): RegisteredRoute[] {
  const out: RegisteredRoute[] = [];
  const seen = new Set<string>();
  for (const mw of app.middleware as unknown as Array<{ router?: RouterLike }>) {
    const router = mw.router;
    if (!router) continue;
    for (const layer of router.stack) {
      if (layer.methods.length === 0 || typeof layer.path !== 'string') continue;
      const declared = layer.stack.map(contractOf).find((c) => c !== undefined);
      for (const method of layer.methods) {
        if (method === 'HEAD') continue;
        const key = `${method} ${openApiPath(layer.path)}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({ method, koaPath: layer.path, path: openApiPath(layer.path), contract: declared });
      }
    }
  }
  return out;
}
