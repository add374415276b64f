import Router from '@koa/router';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../../shared/errors.ts';
import { parseInput } from '../http/validate.ts';
import { requireSession } from '../auth/guards.ts';
import { authContextFor } from '../auth/authContext.ts';
import { ownerOf } from '../alerts/owner.ts';
import { itemBody, uuidField, watchlistBody } from '../alerts/schemas.ts';
import { MAX_ITEMS_PER_WATCHLIST, MAX_WATCHLISTS_PER_ACCOUNT, WatchlistRepository, type WatchlistDoc } from '../watchlists/repository.ts';
import { itemView, snapshotsFor } from '../watchlists/snapshot.ts';
import { getMarket } from '../../projections/markets/queries.ts';
import { getQuestion } from '../../projections/questions/queries.ts';

function watchlistView(doc: WatchlistDoc, itemCount: number) {
  return { id: doc._id, name: doc.name, item_count: itemCount, created_at: doc.created_at, updated_at: doc.updated_at };
}

const idParam = (what: string) => z.object({ id: uuidField(what) });

/** /api/v1/watchlists: named lists of canonical questions and venue markets (docs/watchlists-alerts.md). */
export function watchlistsRouter(deps: AppDeps): Router {
  const auth = authContextFor(deps);
  const repo = new WatchlistRepository(deps.store);
  const router = new Router({ prefix: '/watchlists' });
  const now = () => new Date(auth.now());
  router.use(requireSession({ allowWallet: true }));
  router.use(async (_ctx, next) => {
    await repo.ensureIndexes();
    return next();
  });

  const owned = async (owner: string, rawId: unknown): Promise<WatchlistDoc> => {
    const id = parseInput(idParam('a watchlist'), { id: rawId }, 'path parameter').id;
    const doc = await repo.get(owner, id);
    if (!doc) throw new AppError('NOT_FOUND', `No watchlist with id ${id} in this account.`);
    return doc;
  };

  router.get('/', async (ctx) => {
    const lists = await repo.list(ownerOf(ctx.state).key);
    const counts = await Promise.all(lists.map((w) => repo.countItems(w._id)));
    ctx.body = { data: lists.map((w, i) => watchlistView(w, counts[i] ?? 0)), meta: { count: lists.length, limit: MAX_WATCHLISTS_PER_ACCOUNT } };
  });

  router.post('/', async (ctx) => {
    const body = parseInput(watchlistBody, ctx.request.body, 'body field');
    const created = await repo.create(ownerOf(ctx.state).key, body.name, now());
    if (!created) throw new AppError('CONFLICT', `This account already has ${MAX_WATCHLISTS_PER_ACCOUNT} watchlists; delete one before creating another.`);
    ctx.status = 201;
    ctx.body = { data: watchlistView(created, 0) };
  });

  router.get('/:id', async (ctx) => {
    const doc = await owned(ownerOf(ctx.state).key, ctx.params.id);
    const items = await repo.itemsOf(doc._id);
    const snaps = await snapshotsFor(deps.store, items, auth.now());
    ctx.body = { data: { ...watchlistView(doc, items.length), items: items.map((i) => itemView(i, snaps.get(i._id) ?? null)) } };
  });

  router.patch('/:id', async (ctx) => {
    const owner = ownerOf(ctx.state).key;
    const doc = await owned(owner, ctx.params.id);
    const body = parseInput(watchlistBody, ctx.request.body, 'body field');
    const renamed = await repo.rename(owner, doc._id, body.name, now());
    if (!renamed) throw new AppError('NOT_FOUND', `No watchlist with id ${doc._id} in this account.`);
    ctx.body = { data: watchlistView(renamed, await repo.countItems(doc._id)) };
  });

  router.delete('/:id', async (ctx) => {
    const owner = ownerOf(ctx.state).key;
    const doc = await owned(owner, ctx.params.id);
    const deleted = await repo.delete(owner, doc._id);
    if (!deleted) throw new AppError('NOT_FOUND', `No watchlist with id ${doc._id} in this account.`);
    ctx.body = { data: watchlistView(deleted.watchlist, deleted.items), message: `Watchlist deleted with its ${deleted.items} item(s).` };
  });

  router.post('/:id/items', async (ctx) => {
    const owner = ownerOf(ctx.state).key;
    const list = await owned(owner, ctx.params.id);
    const body = parseInput(itemBody, ctx.request.body, 'body field');
    const refs = { canonical_question_id: body.canonical_question_id ?? null, market_id: body.market_id ?? null };
    if (refs.canonical_question_id && !(await getQuestion(deps.store, refs.canonical_question_id))) {
      throw new AppError('QUESTION_NOT_FOUND', `No canonical question with id ${refs.canonical_question_id} (body field 'canonical_question_id').`);
    }
    if (refs.market_id && !(await getMarket(deps.store, refs.market_id))) {
      throw new AppError('MARKET_NOT_FOUND', `No market with id ${refs.market_id} (body field 'market_id').`);
    }
    const added = await repo.addItem(owner, list._id, refs, now());
    if (!added.ok && added.reason === 'duplicate') {
      throw new AppError('CONFLICT', `This watchlist already holds that item${added.existing ? ` (id ${added.existing._id})` : ''}.`);
    }
    if (!added.ok) throw new AppError('CONFLICT', `This watchlist already holds ${MAX_ITEMS_PER_WATCHLIST} items; remove one before adding another.`);
    const snaps = await snapshotsFor(deps.store, [added.item], auth.now());
    ctx.status = 201;
    ctx.body = { data: itemView(added.item, snaps.get(added.item._id) ?? null) };
  });

  router.delete('/:id/items/:itemId', async (ctx) => {
    const owner = ownerOf(ctx.state).key;
    const list = await owned(owner, ctx.params.id);
    const itemId = parseInput(z.object({ itemId: uuidField('a watchlist item') }), { itemId: ctx.params.itemId }, 'path parameter').itemId;
    const removed = await repo.removeItem(owner, list._id, itemId);
    if (!removed) throw new AppError('NOT_FOUND', `No item with id ${itemId} in watchlist ${list._id}.`);
    ctx.body = { data: itemView(removed, null), message: 'Item removed from the watchlist.' };
  });

  return router;
}
