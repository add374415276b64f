import Router from '@koa/router';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../../shared/errors.ts';
import { parseInput } from '../http/validate.ts';
import { requireSession } from '../auth/guards.ts';
import { authContextFor } from '../auth/authContext.ts';
import { ownerOf } from '../alerts/owner.ts';
import { itemBody, watchlistBody, watchlistIdParams, watchlistItemParams } from '../alerts/schemas.ts';
import { MAX_ITEMS_PER_WATCHLIST, MAX_WATCHLISTS_PER_ACCOUNT, WatchlistRepository, type WatchlistDoc } from '../watchlists/repository.ts';
import { itemView, snapshotsFor } from '../watchlists/snapshot.ts';
import { getMarket } from '../../projections/markets/queries.ts';
import { getQuestion } from '../../projections/questions/queries.ts';
import { contract, type RouteContract } from '../openapi/contract.ts';
import {
  watchlistDeletedResponse,
  watchlistDetailResponse,
  watchlistItemRemovedResponse,
  watchlistItemResponse,
  watchlistListResponse,
  watchlistResponse,
} from '../openapi/schemas/watchlists.ts';

function watchlistView(doc: WatchlistDoc, itemCount: number) {
  return { id: doc._id, name: doc.name, item_count: itemCount, created_at: doc.created_at, updated_at: doc.updated_at };
}

/** Every watchlist route: an email or a wallet session (router-level guard below), tagged Watchlists. */
const watchlistContract = (c: Omit<RouteContract, 'tags' | 'auth'>) => contract({ ...c, tags: ['Watchlists'], auth: 'account' });

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
    const id = parseInput(watchlistIdParams, { id: rawId }, 'path parameter').id;
    const doc = await repo.get(owner, id);
    if (!doc) throw new AppError('NOT_FOUND', `No watchlist with id ${id} in this account.`);
    return doc;
  };

  const listContract = watchlistContract({ summary: "The account's watchlists", description: 'Newest first; meta.limit is the most an account may hold (50).', responses: { 200: watchlistListResponse } });
  router.get('/', listContract, async (ctx) => {
    const lists = await repo.list(ownerOf(ctx.state).key);
    const counts = await Promise.all(lists.map((w) => repo.countItems(w._id)));
    ctx.body = { data: lists.map((w, i) => watchlistView(w, counts[i] ?? 0)), meta: { count: lists.length, limit: MAX_WATCHLISTS_PER_ACCOUNT } };
  });

  const createContract = watchlistContract({ summary: 'Create a watchlist', body: watchlistBody, responses: { 201: watchlistResponse }, errors: ['CONFLICT'] });
  router.post('/', createContract, async (ctx) => {
    const body = parseInput(watchlistBody, ctx.request.body, 'body field');
    const created = await repo.create(ownerOf(ctx.state).key, body.name, now());
    if (!created) throw new AppError('CONFLICT', `This account already has ${MAX_WATCHLISTS_PER_ACCOUNT} watchlists; delete one before creating another.`);
    ctx.status = 201;
    ctx.body = { data: watchlistView(created, 0) };
  });

  const detailContract = watchlistContract({
    summary: 'One watchlist with its items and their current prices',
    description: "Each item's snapshot is joined from the read models now: price, the price 24 hours ago and the change.",
    params: watchlistIdParams,
    responses: { 200: watchlistDetailResponse },
    errors: ['NOT_FOUND'],
  });
  router.get('/:id', detailContract, async (ctx) => {
    const doc = await owned(ownerOf(ctx.state).key, ctx.params.id);
    const items = await repo.itemsOf(doc._id);
    const snaps = await snapshotsFor(deps.store, items, auth.now());
    ctx.body = { data: { ...watchlistView(doc, items.length), items: items.map((i) => itemView(i, snaps.get(i._id) ?? null)) } };
  });

  const renameContract = watchlistContract({ summary: 'Rename a watchlist', params: watchlistIdParams, body: watchlistBody, responses: { 200: watchlistResponse }, errors: ['NOT_FOUND'] });
  router.patch('/:id', renameContract, async (ctx) => {
    const owner = ownerOf(ctx.state).key;
    const doc = await owned(owner, ctx.params.id);
    const body = parseInput(watchlistBody, ctx.request.body, 'body field');
    const renamed = await repo.rename(owner, doc._id, body.name, now());
    if (!renamed) throw new AppError('NOT_FOUND', `No watchlist with id ${doc._id} in this account.`);
    ctx.body = { data: watchlistView(renamed, await repo.countItems(doc._id)) };
  });

  const deleteContract = watchlistContract({
    summary: 'Delete a watchlist with its items',
    description: 'data.item_count says how many items went with it.',
    params: watchlistIdParams,
    responses: { 200: watchlistDeletedResponse },
    errors: ['NOT_FOUND'],
  });
  router.delete('/:id', deleteContract, async (ctx) => {
    const owner = ownerOf(ctx.state).key;
    const doc = await owned(owner, ctx.params.id);
    const deleted = await repo.delete(owner, doc._id);
    if (!deleted) throw new AppError('NOT_FOUND', `No watchlist with id ${doc._id} in this account.`);
    ctx.body = { data: watchlistView(deleted.watchlist, deleted.items), message: `Watchlist deleted with its ${deleted.items} item(s).` };
  });

  const addContract = watchlistContract({
    summary: 'Add a canonical question and/or a venue market to a watchlist',
    description: 'Each reference must exist, and a market given with a question must be one of its markets; the same references twice in one watchlist are 409 CONFLICT naming the existing item; at most 200 items.',
    params: watchlistIdParams,
    body: itemBody,
    responses: { 201: watchlistItemResponse },
    errors: ['NOT_FOUND', 'QUESTION_NOT_FOUND', 'MARKET_NOT_FOUND', 'CONFLICT'],
  });
  router.post('/:id/items', addContract, async (ctx) => {
    const owner = ownerOf(ctx.state).key;
    const list = await owned(owner, ctx.params.id);
    const body = parseInput(itemBody, ctx.request.body, 'body field');
    const refs = { canonical_question_id: body.canonical_question_id ?? null, market_id: body.market_id ?? null };
    const question = refs.canonical_question_id ? await getQuestion(deps.store, refs.canonical_question_id) : null;
    if (refs.canonical_question_id && !question) {
      throw new AppError('QUESTION_NOT_FOUND', `No canonical question with id ${refs.canonical_question_id} (body field 'canonical_question_id').`);
    }
    if (refs.market_id && !(await getMarket(deps.store, refs.market_id))) {
      throw new AppError('MARKET_NOT_FOUND', `No market with id ${refs.market_id} (body field 'market_id').`);
    }
    // Both together name a venue market of the question; a market of another question is a mistake to refuse.
    if (question && refs.market_id && !question.members.some((m) => m.market_id === refs.market_id)) {
      throw new AppError('INVALID_REQUEST', `Invalid body field 'market_id': market ${refs.market_id} is not one of canonical question ${question._id}'s markets (see GET /api/v1/questions/${question._id}); send one of its markets, or either reference alone.`);
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

  const removeContract = watchlistContract({
    summary: 'Remove an item from a watchlist',
    params: watchlistItemParams,
    responses: { 200: watchlistItemRemovedResponse },
    errors: ['NOT_FOUND'],
  });
  router.delete('/:id/items/:itemId', removeContract, async (ctx) => {
    const owner = ownerOf(ctx.state).key;
    const list = await owned(owner, ctx.params.id);
    const itemId = parseInput(watchlistItemParams.pick({ itemId: true }), { itemId: ctx.params.itemId }, 'path parameter').itemId;
    const removed = await repo.removeItem(owner, list._id, itemId);
    if (!removed) throw new AppError('NOT_FOUND', `No item with id ${itemId} in watchlist ${list._id}.`);
    ctx.body = { data: itemView(removed, null), message: 'Item removed from the watchlist.' };
  });

  return router;
}
