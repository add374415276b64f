import Router from '@koa/router';
import type { AppDeps } from '../deps.ts';
import { parseInput, singleValuedQuery } from '../http/validate.ts';
import { requireSession } from '../auth/guards.ts';
import { AppError } from '../../shared/errors.ts';
import { uuidPathParam } from '../http/uuidPathParam.ts';
import { decodePoints } from '../../shared/history/series.ts';
import { getQuestion } from '../../projections/questions/queries.ts';
import { pointsInRange, questionSeries } from '../../projections/priceHistory/queries.ts';
import { marketHistoryQuery } from './marketHistory.ts';
import { z } from 'zod';
import { contract } from '../openapi/contract.ts';
import { uuidParam } from '../openapi/schemas/common.ts';
import { questionHistoryResponse } from '../openapi/schemas/history.ts';

/** GET /questions/{id}/history?range=: the question's index-price series (our addition; session auth like /questions). */
export function questionHistoryRouter(deps: AppDeps): Router {
  const router = new Router();
  const historyContract = contract({
    summary: "A canonical question's index-price history",
    description: 'Our addition: the volume-weighted index over the open members at each link snapshot, tiered by age like market history. docs/history.md.',
    tags: ['Questions'],
    auth: 'session',
    params: z.object({ id: uuidParam('canonical question') }),
    query: marketHistoryQuery,
    responses: { 200: questionHistoryResponse },
    errors: ['QUESTION_NOT_FOUND'],
  });
  router.get('/questions/:id/history', historyContract, requireSession(), async (ctx) => {
    const id = uuidPathParam(ctx.params.id, 'a canonical question');
    const query = parseInput(marketHistoryQuery, singleValuedQuery(ctx.query), 'query parameter');
    const [question, history] = await Promise.all([getQuestion(deps.store, id), questionSeries(deps.store, id)]);
    if (!question && !history) throw new AppError('QUESTION_NOT_FOUND', `No canonical question with id ${id}.`);
    const points = pointsInRange(decodePoints(history?.points), query.range, Math.floor(Date.now() / 1000));
    ctx.body = { data: { question_id: id, points }, meta: { range: query.range, count: points.length, format: '[unix seconds, index price 0-1]' } };
  });
  return router;
}
