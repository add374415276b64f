import Router from '@koa/router';
import type { AppDeps } from '../deps.ts';
import { requireScope } from '../auth/guards.ts';
import { contract } from '../openapi/contract.ts';
import { DISCOVER_DOC, QUESTION_DOC, discoverHandler, questionHandler } from './questions.ts';

const AUTH = { apiKey: 'read:questions' } as const;
const TAGS = ['External', 'Questions'];

/**
 * GET /api/v1/external/questions and /external/questions/{id}: the discover list and a question's detail for
 * API keys holding read:questions (the third of the key scopes; the session routes take no API key).
 */
export function externalQuestionsRouter(deps: AppDeps): Router {
  const router = new Router({ prefix: '/external/questions' });
  const list = contract({ ...DISCOVER_DOC, summary: `${DISCOVER_DOC.summary} (API key)`, description: 'The list of GET /api/v1/discover for API keys holding read:questions.', tags: TAGS, auth: AUTH });
  router.get('/', list, requireScope('read:questions'), discoverHandler(deps));
  const detail = contract({ ...QUESTION_DOC, summary: `${QUESTION_DOC.summary} (API key)`, description: 'GET /api/v1/questions/{id} for API keys holding read:questions.', tags: TAGS, auth: AUTH });
  router.get('/:id', detail, requireScope('read:questions'), questionHandler(deps));
  return router;
}
