import Router from '@koa/router';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { parseInput, singleValuedQuery } from '../http/validate.ts';
import { enumParam, limitParam, offsetParam } from '../http/queryFields.ts';
import { requireSession } from '../auth/guards.ts';
import { CATEGORIES } from '../../shared/types/market.ts';
import { isUuid } from '../../shared/ids.ts';
import { AppError } from '../../shared/errors.ts';
import { discoverQuestions, getQuestion } from '../../projections/questions/queries.ts';
import { discoverItemView, questionDetailView } from '../views/questionView.ts';

const discoverQuery = z.object({ category: enumParam(CATEGORIES).optional(), limit: limitParam, offset: offsetParam }).strict();

/** /discover and /questions/{id}: canonical questions, session authentication (spec table). */
export function questionsRouter(deps: AppDeps): Router {
  const router = new Router();
  router.get('/discover', requireSession(), async (ctx) => {
    const query = parseInput(discoverQuery, singleValuedQuery(ctx.query), 'query parameter');
    const { items, total } = await discoverQuestions(deps.store, query);
    ctx.body = { data: items.map(discoverItemView), meta: { count: items.length, total, offset: query.offset, limit: query.limit } };
  });
  router.get('/questions/:id', requireSession(), async (ctx) => {
    const id = String(ctx.params.id ?? '');
    if (!isUuid(id)) throw new AppError('INVALID_REQUEST', `Invalid path parameter 'id': must be a canonical question UUID, got "${id.slice(0, 64)}".`);
    const question = await getQuestion(deps.store, id);
    if (!question) throw new AppError('QUESTION_NOT_FOUND', `No canonical question with id ${id}.`);
    ctx.body = { data: questionDetailView(question) };
  });
  return router;
}
