import Router from '@koa/router';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../../shared/errors.ts';
import { parseInput } from '../http/validate.ts';
import { requireSession } from '../auth/guards.ts';
import { authContextFor } from '../auth/authContext.ts';
import { ownerOf, type Owner } from '../alerts/owner.ts';
import { alertIdParams, createAlertBody, updateAlertBody, type UpdateAlertBody } from '../alerts/schemas.ts';
import { alertDetailView, alertView } from '../alerts/views.ts';
import { MARKET_FIELD, QUESTION_FIELD, type Condition } from '../../pipeline/alerts/conditions.ts';
import { ensureAlertIndexes, MAX_ALERTS_PER_ACCOUNT, type AlertDoc, type EvalState, type TargetKind } from '../../pipeline/alerts/model.ts';
import { createAlert, deleteAlert, getOwnedAlert, listAlerts, recentTriggers, updateAlert, type AlertChanges } from '../../pipeline/alerts/repository.ts';
import { readTarget } from '../../pipeline/alerts/targets.ts';
import { checkWebhookUrl, type WebhookPolicy } from '../../pipeline/alerts/webhookUrl.ts';
import { issueWebhookSecret, webhookSecretMetadata } from '../../pipeline/alerts/webhookSecrets.ts';
import { secretBoxFor } from '../../pipeline/alerts/secretBox.ts';
import { contract, type RouteContract } from '../openapi/contract.ts';
import {
  alertDeletedResponse,
  alertDetailResponse,
  alertListResponse,
  alertResponse,
  webhookSecretIssuedResponse,
  webhookSecretStatusResponse,
} from '../openapi/schemas/alerts.ts';

const SECRET_PATH = '/api/v1/alerts/webhook-secret';

/** Every alert route: an email or a wallet session (router-level guard below), tagged Alerts. */
const alertContract = (c: Omit<RouteContract, 'tags' | 'auth'>) => contract({ ...c, tags: ['Alerts'], auth: 'account' });

const fieldFor = (kind: TargetKind) => (kind === 'question' ? QUESTION_FIELD : MARKET_FIELD);

function checkField(condition: Condition, kind: TargetKind): void {
  const expected = fieldFor(kind);
  if (condition.field !== expected) {
    const what = kind === 'question' ? 'a canonical question (its cross-venue index price)' : 'a venue market (its Yes price)';
    throw new AppError('INVALID_REQUEST', `Invalid body field 'condition.field': must be '${expected}' for an alert on ${what}, got '${condition.field}'.`);
  }
}

/** /api/v1/alerts: price alerts and the account's webhook signing secret (docs/watchlists-alerts.md). */
export function alertsRouter(deps: AppDeps): Router {
  const auth = authContextFor(deps);
  const router = new Router({ prefix: '/alerts' });
  const policy: WebhookPolicy = { requireHttps: deps.config.NODE_ENV === 'production', allowPrivate: deps.config.ALERTS_WEBHOOK_ALLOW_PRIVATE };
  const now = () => new Date(auth.now());
  router.use(requireSession({ allowWallet: true }));
  router.use(async (_ctx, next) => {
    await ensureAlertIndexes(deps.store);
    return next();
  });

  const target = async (kind: TargetKind, id: string) => {
    const found = await readTarget(deps.store, kind, id);
    if (!found) {
      throw kind === 'market'
        ? new AppError('MARKET_NOT_FOUND', `No market with id ${id} (body field 'market_id').`)
        : new AppError('QUESTION_NOT_FOUND', `No canonical question with id ${id} (body field 'canonical_question_id').`);
    }
    return found;
  };

  const owned = async (owner: Owner, rawId: unknown): Promise<AlertDoc> => {
    const id = parseInput(alertIdParams, { id: rawId }, 'path parameter').id;
    const doc = await getOwnedAlert(deps.store, owner.key, id);
    if (!doc) throw new AppError('NOT_FOUND', `No alert with id ${id} in this account.`);
    return doc;
  };

  const rebaseline = async (alert: AlertDoc): Promise<EvalState> => {
    const kind: TargetKind = alert.market_id ? 'market' : 'question';
    const found = await readTarget(deps.store, kind, (alert.market_id ?? alert.canonical_question_id) as string);
    return found?.baseline ?? { seq: alert.eval?.seq ?? 0, price: null, at: null };
  };

  /** Delivery settings are checked together: a webhook needs a public URL and a signing secret; mail needs an email account. */
  const checkDelivery = async (owner: Owner, webhookUrl: string | null | undefined, notifyEmail: boolean | undefined) => {
    if (notifyEmail === true && owner.kind === 'wallet') {
      throw new AppError('INVALID_REQUEST', "Invalid body field 'notify_email': a wallet account has no email address; use webhook_url for notifications.");
    }
    if (webhookUrl) {
      const checked = await checkWebhookUrl(webhookUrl, policy);
      if (!checked.ok) throw new AppError('INVALID_REQUEST', `Invalid body field 'webhook_url': ${checked.reason}.`);
      if (!(await webhookSecretMetadata(deps.store, owner.key)).configured) {
        throw new AppError('INVALID_REQUEST', `Invalid body field 'webhook_url': this account has no webhook signing secret yet; create one with POST ${SECRET_PATH} (it is shown once), then add the URL.`);
      }
    }
  };

  const secretStatusContract = alertContract({
    summary: "Whether the account has a webhook signing secret, and its first characters",
    responses: { 200: webhookSecretStatusResponse },
  });
  router.get('/webhook-secret', secretStatusContract, async (ctx) => {
    ctx.body = { data: await webhookSecretMetadata(deps.store, ownerOf(ctx.state).key) };
  });

  const secretIssueContract = alertContract({
    summary: 'Issue or rotate the webhook signing secret (shown once)',
    description: 'Webhooks are signed with X-Concord-Signature-256 (HMAC-SHA256 of the body); a previous secret stops signing at once.',
    responses: { 201: webhookSecretIssuedResponse },
  });
  router.post('/webhook-secret', secretIssueContract, async (ctx) => {
    const owner = ownerOf(ctx.state);
    const { secret, metadata } = await issueWebhookSecret(deps.store, secretBoxFor(deps.config), owner.key, now());
    ctx.status = 201;
    ctx.body = {
      data: { secret, ...metadata },
      message: 'Store this webhook secret now: it will not be displayed again. Every webhook is signed with it from now on (any previous secret stops at once).',
    };
  });

  const listContract = alertContract({ summary: "The account's price alerts", description: 'Newest first; meta.limit is the most an account may hold (100).', responses: { 200: alertListResponse } });
  router.get('/', listContract, async (ctx) => {
    const alerts = await listAlerts(deps.store, ownerOf(ctx.state).key);
    ctx.body = { data: alerts.map(alertView), meta: { count: alerts.length, limit: MAX_ALERTS_PER_ACCOUNT } };
  });

  const createContract = alertContract({
    summary: 'Create a price alert on a canonical question or a venue market',
    description:
      "Exactly one of canonical_question_id (condition.field index_price) or market_id (condition.field price). It fires once per crossing of the value. " +
      'A webhook_url needs a public URL and the account’s webhook secret; notify_email defaults to true for email accounts. docs/watchlists-alerts.md.',
    body: createAlertBody,
    responses: { 201: alertResponse },
    errors: ['MARKET_NOT_FOUND', 'QUESTION_NOT_FOUND', 'CONFLICT'],
  });
  router.post('/', createContract, async (ctx) => {
    const owner = ownerOf(ctx.state);
    const body = parseInput(createAlertBody, ctx.request.body, 'body field');
    const questionId = body.canonical_question_id ?? null;
    const marketId = body.market_id ?? null;
    if ((questionId === null) === (marketId === null)) {
      throw new AppError('INVALID_REQUEST', "Invalid request body: give exactly one of 'canonical_question_id' (watch the index price) or 'market_id' (watch one venue market).");
    }
    const kind: TargetKind = questionId !== null ? 'question' : 'market';
    checkField(body.condition, kind);
    const notifyEmail = body.notify_email ?? owner.kind === 'account';
    await checkDelivery(owner, body.webhook_url, notifyEmail);
    const found = await target(kind, (questionId ?? marketId) as string);
    const created = await createAlert(deps.store, {
      owner: owner.key,
      type: body.type,
      target: { kind, id: found.id },
      condition: body.condition,
      isActive: body.is_active ?? true,
      webhookUrl: body.webhook_url ?? null,
      notifyEmail,
      baseline: found.baseline,
      now: now(),
    });
    if (!created.ok) throw new AppError('CONFLICT', `This account already has ${MAX_ALERTS_PER_ACCOUNT} alerts; delete one before creating another.`);
    ctx.status = 201;
    ctx.body = { data: alertView(created.alert) };
  });

  const detailContract = alertContract({ summary: 'One alert with its newest triggers and how each notification went', params: alertIdParams, responses: { 200: alertDetailResponse }, errors: ['NOT_FOUND'] });
  router.get('/:id', detailContract, async (ctx) => {
    const doc = await owned(ownerOf(ctx.state), ctx.params.id);
    ctx.body = { data: alertDetailView(doc, await recentTriggers(deps.store, doc._id)) };
  });

  const updateContract = alertContract({
    summary: 'Change, pause or resume an alert',
    description: 'is_active false pauses it; a partial condition is merged with the current one. Resuming or changing the condition compares from the current price.',
    params: alertIdParams,
    body: updateAlertBody,
    responses: { 200: alertResponse },
    errors: ['NOT_FOUND'],
  });
  router.patch('/:id', updateContract, async (ctx) => {
    const owner = ownerOf(ctx.state);
    const current = await owned(owner, ctx.params.id);
    const body: UpdateAlertBody = parseInput(updateAlertBody, ctx.request.body, 'body field');
    const kind: TargetKind = current.market_id ? 'market' : 'question';
    const condition: Condition = body.condition ? { ...current.condition, ...body.condition } : current.condition;
    if (body.condition) checkField(condition, kind);
    await checkDelivery(owner, body.webhook_url, body.notify_email);
    const conditionChanged = JSON.stringify(condition) !== JSON.stringify(current.condition);
    const active = body.is_active ?? current.is_active;
    const resumed = active && !current.is_active;
    const changes: AlertChanges = {
      ...(body.type !== undefined ? { type: body.type } : {}),
      ...(conditionChanged ? { condition } : {}),
      ...(body.is_active !== undefined ? { isActive: body.is_active } : {}),
      ...(body.webhook_url !== undefined ? { webhookUrl: body.webhook_url } : {}),
      ...(body.notify_email !== undefined ? { notifyEmail: body.notify_email } : {}),
      // Resumed or re-aimed: comparisons restart from the price the caller sees now, so nothing that
      // happened while paused (or under the old condition) fires late.
      ...(resumed || (active && conditionChanged) ? { baseline: await rebaseline(current) } : {}),
    };
    const updated = await updateAlert(deps.store, owner.key, current._id, changes, now());
    if (!updated) throw new AppError('NOT_FOUND', `No alert with id ${current._id} in this account.`);
    ctx.body = { data: alertView(updated) };
  });

  const deleteContract = alertContract({
    summary: 'Delete an alert',
    description: 'Notifications not yet sent for it are cancelled.',
    params: alertIdParams,
    responses: { 200: alertDeletedResponse },
    errors: ['NOT_FOUND'],
  });
  router.delete('/:id', deleteContract, async (ctx) => {
    const owner = ownerOf(ctx.state);
    const current = await owned(owner, ctx.params.id);
    const deleted = await deleteAlert(deps.store, owner.key, current._id, now());
    if (!deleted) throw new AppError('NOT_FOUND', `No alert with id ${current._id} in this account.`);
    ctx.body = { data: alertView(deleted), message: 'Alert deleted; notifications not yet sent for it are cancelled.' };
  });

  return router;
}
