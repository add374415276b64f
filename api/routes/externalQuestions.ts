import Router from '@koa/router';
import type { AppDeps } from '../deps.ts';
import { requireScope } from '../auth/guards.ts';
import { contract } from '../openapi/contract.ts';
import { discoverResponse, questionResponse } from '../openapi/schemas/questions.ts';
import { discoverHandler, discoverQuery, questionHandler, questionParams } from './questions.ts';

/**
 * GET /api/v1/external/questions and /external/questions/{id}: the discover list and a question's detail for
 * API keys holding read:questions (the third of the key scopes; the session routes take no API key).
 */
export function externalQuestionsRouter(deps: AppDeps): Router {
  const router = new Router({ prefix: '/external/questions' });
  const listContract = contract({
    summary: 'Canonical questions listed on at least two venues (API key)',
    description: 'The list of GET /api/v1/discover for API keys holding read:questions.',
    tags: ['External', 'Questions'],
    auth: { apiKey: 'read:questions' },
    query: discoverQuery,
    responses: { 200: discoverResponse },
  });
  router.get('/', listContract, requireScope('read:questions'), discoverHandler(deps));
  const detailContract = contract({
    summary: 'One canonical question with its venue markets and index (API key)',
    description: 'GET /api/v1/questions/{id} for API keys holding read:questions.',
    tags: ['External', 'Questions'],
    auth: { apiKey: 'read:questions' },
    params: questionParams,
    responses: { 200: questionResponse },
    errors: ['QUESTION_NOT_FOUND'],
  });
  router.get('/:id', detailContract, requireScope('read:questions'), questionHandler(deps));
  return router;
}
