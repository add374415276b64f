import type Router from '@koa/router';
import type { Context, Middleware, Next } from 'koa';

type RouteLayer = Router['stack'][number];
type Step = RouteLayer | ((ctx: Context, next: Next) => unknown);

/** The context fields @koa/router's dispatch writes (RouterParameterContext and its bookkeeping). */
interface RouterFields {
  matched?: RouteLayer[];
  router?: Router;
  routeMatched?: boolean;
  _matchedRoute?: string | RegExp;
  _matchedRouteName?: string;
  captures?: string[];
  params?: Record<string, string>;
  routerPath?: string | RegExp;
  routerName?: string;
  newRouterPath?: string;
}

/** A matched layer list's chain, flattened as @koa/router flattens it, and the stacks it was flattened from. */
interface Chain {
  readonly stacks: ReadonlyArray<RouteLayer['stack']>;
  readonly lengths: readonly number[];
  /** A layer stands for the step that sets its captures and params; then its stack's middleware. */
  readonly steps: readonly Step[];
}

interface TrieNode {
  chain?: Chain;
  readonly next: Map<RouteLayer, TrieNode>;
}

/**
 * What `router.routes()` does with a request, without rebuilding the matched route's middleware chain on
 * every request. @koa/router's dispatch reads `ctx.host` (Koa splits the Host header) for its host option,
 * then for a matched route builds the chain afresh: a closure per matched layer that sets the captures and
 * params, the layers' middleware spread after it, and `koa-compose`, which flattens the array with one
 * `concat` per element and checks every entry, per request (the routing, matching included, was 6.8% of the
 * API process's CPU on the market-list row; bench/README.md finding 65). Here the flattened chain is kept per matched layer list (the same
 * layer objects in the same order; rebuilt if a layer's stack has changed since) and run by a dispatcher with
 * koa-compose's semantics (each step once, `next()` twice rejects, the outer `next` last); the
 * captures-and-params step reads the request path this dispatch worked out, as the closure did.
 *
 * Everything the request sees is the same: the same match (`router.match`, indexed by prefixIndex.ts for
 * /api/v1), the same context fields in the same order (`matched`, `router`, `routeMatched`, `_matchedRoute`,
 * `_matchedRouteName`, then per layer `captures`, `params`, `request.params`, `routerPath`, `routerName`),
 * the same middleware in the same order. A request no route matches, and a router with a host, a
 * `routerPath` or `exclusive` option, go to the router's own dispatch (`ctx.host` is read only for a host).
 * The returned middleware carries `router`, as the router's own does (routeTable.ts reads it).
 */
export function routeDispatch(router: Router): Middleware {
  const own = router.routes() as unknown as Middleware;
  const opts = router.opts as { host?: unknown; routerPath?: string; exclusive?: unknown };
  const plain = !router.host && !opts.host && !opts.routerPath && !opts.exclusive;
  const root: TrieNode = { next: new Map() };

  const chainFor = (layers: readonly RouteLayer[]): Chain => {
    let node = root;
    for (const layer of layers) {
      let child = node.next.get(layer);
      if (!child) {
        child = { next: new Map() };
        node.next.set(layer, child);
      }
      node = child;
    }
    const kept = node.chain;
    if (kept && unchanged(kept, layers)) return kept;
    const steps: Step[] = [];
    for (const layer of layers) steps.push(layer, ...(layer.stack as Step[]));
    node.chain = { stacks: layers.map((l) => l.stack), lengths: layers.map((l) => l.stack.length), steps };
    return node.chain;
  };

  const dispatch: Middleware = (ctx, next) => {
    if (!plain) return own(ctx, next);
    const c = ctx as Context & RouterFields;
    const requestPath = c.newRouterPath || c.path || (c.routerPath as string | undefined) || '';
    const result = router.match(requestPath, c.method);
    // Unmatched: the router's own dispatch (it matches again and hands the request to its not-found handling).
    if (!result.route) return own(ctx, next);
    if (c.matched) c.matched.push(...result.path);
    else c.matched = result.path;
    c.router = router;
    c.routeMatched = result.route;
    const layers = result.pathAndMethod;
    for (let i = layers.length - 1; i >= 0; i--) {
      const layer = layers[i]!;
      if (layer.methods.length > 0) {
        c._matchedRoute = layer.path;
        if (layer.name) c._matchedRouteName = layer.name;
        break;
      }
    }
    return new StepRun(chainFor(layers).steps, c, next, requestPath).dispatch(0);
  };
  (dispatch as Middleware & { router?: Router }).router = router;
  return dispatch;
}

/** Whether every layer still has the stack (the same array, the same length) the chain was flattened from. */
function unchanged(chain: Chain, layers: readonly RouteLayer[]): boolean {
  for (let i = 0; i < layers.length; i++) {
    const stack = layers[i]!.stack;
    if (stack !== chain.stacks[i] || stack.length !== chain.lengths[i]) return false;
  }
  return true;
}

/**
 * koa-compose 4's dispatch over `steps` then `next`; a layer step sets its captures and params and goes on. A
 * class, not a closure made per request: tsx keeps function names by redefining `name` on every named
 * closure it creates (`__name`), which costs more than the closure and leaves the function a slow
 * dictionary-mode object; methods are named once.
 */
class StepRun {
  #index = -1;

  constructor(
    private readonly steps: readonly Step[],
    private readonly ctx: Context & RouterFields,
    private readonly next: Next,
    private readonly requestPath: string,
  ) {}

  dispatch(i: number): Promise<unknown> {
    if (i <= this.#index) return Promise.reject(new Error('next() called multiple times'));
    this.#index = i;
    const step = i === this.steps.length ? this.next : this.steps[i];
    if (!step) return Promise.resolve();
    try {
      if (typeof step !== 'function') {
        setRouteParams(this.ctx, step, this.requestPath);
        return this.dispatch(i + 1);
      }
      return Promise.resolve(step(this.ctx, this.dispatch.bind(this, i + 1) as Next));
    } catch (err) {
      return Promise.reject(err);
    }
  }
}

/** What @koa/router's per-layer step sets before the layer's middleware runs. */
function setRouteParams(ctx: Context & RouterFields, layer: RouteLayer, requestPath: string): void {
  ctx.captures = layer.captures(requestPath);
  (ctx.request as Context['request'] & { params?: Record<string, string> }).params = layer.params(requestPath, ctx.captures || [], ctx.params);
  ctx.params = (ctx.request as Context['request'] & { params: Record<string, string> }).params;
  ctx.routerPath = layer.path;
  ctx.routerName = layer.name || undefined;
  ctx._matchedRoute = layer.path;
  if (layer.name) ctx._matchedRouteName = layer.name;
}
