import type Router from '@koa/router';
import type { AppDeps } from '../deps.ts';
import { marketsRouter } from './markets.ts';
import { platformsRouter } from './platforms.ts';
import { questionsRouter } from './questions.ts';
import { authRouter } from './auth.ts';
import { siweRouter } from './siwe.ts';
import { consoleRouter } from './console.ts';
import { externalMarketsRouter } from './externalMarkets.ts';
import { externalQuestionsRouter } from './externalQuestions.ts';
import { walletTrackerRouter } from './walletTracker.ts';
import { alertsRouter } from './alerts.ts';
import { watchlistsRouter } from './watchlists.ts';
import { arbitrageRouter } from './arbitrage.ts';
import { questionHistoryRouter } from './questionHistory.ts';

/** Every resource router mounted under /api/v1. */
export function apiV1Routers(deps: AppDeps): Router[] {
  return [
    marketsRouter(deps),
    platformsRouter(deps),
    questionsRouter(deps),
    authRouter(deps),
    siweRouter(deps),
    consoleRouter(deps),
    externalMarketsRouter(deps),
    externalQuestionsRouter(deps),
    walletTrackerRouter(deps),
    alertsRouter(deps),
    watchlistsRouter(deps),
    arbitrageRouter(deps),
    questionHistoryRouter(deps),
  ];
}
