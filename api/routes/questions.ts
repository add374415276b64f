import Router from '@koa/router';
import type { Middleware } from 'koa';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { ParsedQueries } from '../http/parsedQueries.ts';
import { limitParam, offsetParam } from '../http/queryFields.ts';
import { requireSession } from '../auth/guards.ts';
import { AppError } from '../../shared/errors.ts';
import { uuidPathParam } from '../http/uuidPathParam.ts';
import { discoverQuestions, getQuestion, getQuestionText } from '../../projections/questions/queries.ts';
import type { QuestionDoc } from '../../projections/questions/projection.ts';
import { discoverItemView, questionDetailView } from '../views/questionView.ts';
import { questionsProjection } from '../../projections/questions/projection.ts';
import { ViewBodyCache } from '../http/viewBodyCache.ts';
import { readModelVersion } from '../http/readModelVersion.ts';
import { sendJsonBytes } from '../http/jsonBytes.ts';
import { contract } from '../openapi/contract.ts';
import { uuidParam } from '../openapi/schemas/common.ts';
import { discoverResponse, questionResponse } from '../openapi/schemas/questions.ts';
import { categoryParam } from '../http/categoryParam.ts';

export const discoverQuery = z.object({ category: categoryParam, limit: limitParam, offset: offsetParam }).strict();
export const questionParams = z.object({ id: uuidParam('canonical question') });

/** The discover list (canonical questions on two venues or more), its serialised pages cached per read-model version. */
export function discoverHandler(deps: AppDeps): Middleware {
  const pages = new ViewBodyCache({ maxAgeMs: deps.config.API_VIEW_CACHE_MS });
  const queries = new ParsedQueries(discoverQuery, (query) => ({ query, key: JSON.stringify([query.category ?? null, query.limit, query.offset]) }));
  return async (ctx) => {
    const { query, key } = queries.of(ctx);
    const version = await readModelVersion(deps.store, questionsProjection.name);
    const body = await pages.get(key, version, async () => {
      const { items, total } = await discoverQuestions(deps.store, query);
      return { data: items.map(discoverItemView), meta: { count: items.length, total, offset: query.offset, limit: query.limit } };
    });
    sendJsonBytes(ctx, body!);
  };
}

/**
 * One canonical question with its venue markets and index, cached per read-model version. The detail is a
 * function of the question's stored document alone, so where the store gives its text (SQLite), a body out
 * of date by age only is served again when the text is the one it was built from (ViewBodyCache.getFromText):
 * the store is read as often as before, the parse and the serialisation are skipped.
 */
export function questionHandler(deps: AppDeps): Middleware {
  const details = new ViewBodyCache({ maxAgeMs: deps.config.API_VIEW_CACHE_MS });
  const detailOf = (question: QuestionDoc) => ({ data: questionDetailView(question) });
  /** Whether the store gives documents' text (decided at the first request: the collection is opened then, as before). */
  let asText: boolean | undefined;
  return async (ctx) => {
    const id = uuidPathParam(ctx.params.id, 'a canonical question');
    const version = await readModelVersion(deps.store, questionsProjection.name);
    asText ??= typeof deps.store.collection<QuestionDoc>(questionsProjection.collection).getText === 'function';
    const body = asText
      ? await details.getFromText(id, version, () => getQuestionText(deps.store, id)!, (text) => detailOf(JSON.parse(text) as QuestionDoc))
      : await details.get(id, version, async () => {
          const question = await getQuestion(deps.store, id);
          return question ? detailOf(question) : null;
        });
    if (!body) throw new AppError('QUESTION_NOT_FOUND', `No canonical question with id ${id}.`);
    sendJsonBytes(ctx, body);
  };
}

/** What the discover list and the question detail document, whichever credential a router asks for. */
export const DISCOVER_DOC = {
  summary: 'Canonical questions listed on at least two venues',
  description: 'Most venues first, then 24-hour real-money volume; each with its volume-weighted index price and divergence.',
  tags: ['Questions'],
  query: discoverQuery,
  responses: { 200: discoverResponse },
};
export const QUESTION_DOC = {
  summary: 'One canonical question with every linked venue market and the cross-venue index',
  tags: ['Questions'],
  params: questionParams,
  responses: { 200: questionResponse },
  errors: ['QUESTION_NOT_FOUND' as const],
};

/** /discover and /questions/{id}: canonical questions, session authentication (spec table). */
export function questionsRouter(deps: AppDeps): Router {
  const router = new Router();
  router.get('/discover', contract({ ...DISCOVER_DOC, auth: 'session' }), requireSession(), discoverHandler(deps));
  router.get('/questions/:id', contract({ ...QUESTION_DOC, auth: 'session' }), requireSession(), questionHandler(deps));
  return router;
}
