import type Router from '@koa/router';
import type Koa from 'koa';

/** One registered route: its methods (HEAD included where GET is) and its full path pattern. */
export interface RouteEntry {
  readonly methods: readonly string[];
  readonly path: string;
}

type RouteLayer = Router['stack'][number];

/** Route layers of routers (nested routers are already flattened into their parent's stack); router.use() layers skipped. */
export function routeLayers(routers: readonly Router[]): RouteLayer[] {
  return routers.flatMap((router) => router.stack.filter((layer) => layer.methods.length > 0));
}

/** Methods some route accepts on `path`, sorted, with OPTIONS (answered for every known path). */
export function methodsAllowedOn(layers: readonly RouteLayer[], path: string): string[] {
  const methods = new Set<string>();
  for (const layer of layers) if (layer.match(path)) for (const m of layer.methods) methods.add(m);
  if (methods.size > 0) methods.add('OPTIONS');
  return [...methods].sort();
}

/**
 * Every route an app serves, read from the routers mounted on it (their dispatch middleware carries
 * the router), so a route added to any router shows up here without being listed anywhere else.
 */
export function registeredRoutes(app: Koa): RouteEntry[] {
  return appRouteLayers(app).map((layer) => ({ methods: [...layer.methods], path: String(layer.path) }));
}

/** Route layers of the routers mounted on an app (their dispatch middleware carries the router). */
export function appRouteLayers(app: Koa): RouteLayer[] {
  const routers = app.middleware
    .map((mw) => (mw as { router?: Router }).router)
    .filter((router): router is Router => router !== undefined);
  return routeLayers(routers);
}
