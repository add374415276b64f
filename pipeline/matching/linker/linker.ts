import type { Logger } from 'pino';
import type { LinkRelation, MarketDelisted, MarketEvent, MarketNormalized, MatchMethod, QuestionMember, QuestionSnapshot } from '../../../shared/events.ts';
import type { NormalizedMarket } from '../../../shared/types/market.ts';
import type { DocumentStore } from '../../../shared/ports/documentStore.ts';
import type { VectorIndex } from '../../../shared/ports/vectorIndex.ts';
import { isZeroVector } from '../../../shared/ports/embedder.ts';
import { subjects } from '../../../shared/streams/subjects.ts';
import { uuidFromName } from '../../../shared/ids.ts';
import type { Publisher } from '../../streams/publisher.ts';
import { embeddingText, isContractOfGroup, matchKey, ownYesPrice, toMarketRef, type LinkerMarketRef } from './marketRef.ts';
import { LINKER_MARKETS, LINKER_QUESTIONS, linkerCollections, MAX_MOVES, vectorFromBase64, vectorToBase64, type LinkedMarketState, type QuestionState } from './state.ts';
import { composeRelations, type VerifierFns } from './verdict.ts';
import { RELINK_ITEM_PREFIX, type OverrideLookup, type OverrideSource } from './overrides.ts';
import { buildSnapshot } from './questionSnapshot.ts';
import { createKeyIndex } from './keyIndex.ts';
import { absorbQuestion } from './absorb.ts';
import { RunOverlay, WarmDocs, type OverlayCollection } from './runOverlay.ts';
import { EMBED_CHUNK, embedInChunks, type RunEmbeddings } from './runEmbeddings.ts';
import { LINKER_PROPOSITIONS, PropositionCache } from './propositionCache.ts';
import { extractInChunks, NO_RUN_PROPOSITIONS, type PropositionRequest, type RunPropositions } from './runPropositions.ts';

export interface LinkerDeps {
  readonly store: DocumentStore;
  readonly index: VectorIndex;
  readonly embed: (texts: string[]) => Promise<Float32Array[]>;
  readonly verifier: VerifierFns;
  readonly publish: Publisher;
  readonly overrides: OverrideSource;
  readonly log: Logger;
  /** Nearest neighbours asked of the vector index per market (default 24). */
  readonly candidates?: number;
  /** Titles per embedding call of a run (default EMBED_CHUNK); the chunks are embedded while earlier markets are placed. */
  readonly embedChunk?: number;
  /**
   * Reads the propositions of `refs` (as `verifier.extract` would) on another thread; a run asks for its markets'
   * in chunks of `embedChunk` while it places the markets before them. Without it they are read on this thread.
   */
  readonly extractElsewhere?: (refs: LinkerMarketRef[]) => Promise<unknown[]>;
  /** Documents of each linker collection kept in memory across runs (default LINKER_WARM_DOCS); 0 keeps none. */
  readonly warmDocs?: number;
  /** Propositions kept in memory across runs (default LINKER_PROPOSITIONS), the least recently used dropped past it. */
  readonly propositions?: number;
}

/** ~20k market states of a few KB each (title, rules text, venue view, vector): tens of MB. */
export const LINKER_WARM_DOCS = 20_000;

/** Where a market should live after (re)matching. */
export interface Placement {
  readonly questionId: string | null;
  readonly relation: LinkRelation;
  readonly confidence: number;
  readonly method: MatchMethod;
  readonly reasons: readonly string[];
}

/** What placement reads of a market: its id, its venue and its match inputs. */
export interface Placeable {
  readonly id: string;
  readonly platform_slug: string;
  readonly ref: LinkerMarketRef;
}

const NEW_QUESTION: Placement = { questionId: null, relation: 'identity', confidence: 1, method: 'exact', reasons: ['first market of a new canonical question'] };

/** A market as a member of a canonical question, priced from its own side (a complement's Yes is 1 - its Yes). */
export function memberOf(m: NormalizedMarket, p: Omit<Placement, 'questionId'>): QuestionMember {
  const own = ownYesPrice(m);
  return {
    market_id: m.id,
    platform_slug: m.platform_slug,
    platform_market_id: m.platform_market_id,
    title: m.title,
    slug: m.slug,
    status: m.status,
    volume24h: m.volume24h,
    liquidity: m.liquidity,
    play_money: m.play_money,
    outcomes: m.outcomes,
    yes_price: own === null ? null : p.relation === 'complement' ? Math.round((1 - own) * 1e6) / 1e6 : own,
    quoted_at: m.quoted_at,
    relation: p.relation,
    confidence: p.confidence,
    match_method: p.method,
    reasons: p.reasons,
  };
}

const normalisedTitle = (t: string) => t.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

/** A market's match inputs as a run read them: what the verifier reads of it, and their hash. */
interface MatchInputs {
  readonly ref: LinkerMarketRef;
  readonly key: string;
}

/** One market event of a run, and whether it may have been applied before (so its question is published again). */
export interface LinkItem {
  readonly event: MarketEvent;
  readonly redelivered: boolean;
}

/** Where the linking code reads and writes while a run is applied: the run's overlay, and publishes sent unawaited. */
interface RunScope {
  readonly markets: OverlayCollection<LinkedMarketState>;
  readonly questions: OverlayCollection<QuestionState>;
  readonly publish: Publisher;
}

/**
 * The single logical writer of canonical questions. For each normalised market: skip when its
 * match inputs are unchanged (prices only refresh the question); otherwise embed, take nearest
 * cross-venue neighbours, let the structural verifier decide against both the neighbour and the
 * neighbour's question anchor (fail closed), apply operator overrides, then publish the full
 * snapshot of every question that changed.
 */
export function createLinker(deps: LinkerDeps) {
  const stored = linkerCollections(deps.store);
  const direct: RunScope = { ...stored, publish: deps.publish };
  // The linker is its collections' only writer (one link process: docker-compose.yml), so what it read or wrote
  // stays valid across runs: a market's candidates are read from memory instead of the store (~14% of its CPU).
  const warm = new Map([
    [LINKER_MARKETS, new WarmDocs(deps.warmDocs ?? LINKER_WARM_DOCS)],
    [LINKER_QUESTIONS, new WarmDocs(deps.warmDocs ?? LINKER_WARM_DOCS)],
  ]);
  // Runs are applied one after another (the consumer awaits each), so one scope at a time is in force.
  let scope = direct;
  const k = deps.candidates ?? 24;
  const keyIndex = createKeyIndex(deps.store);
  const keysOf = (prop: unknown) => deps.verifier.keys?.(prop) ?? { own: [], probe: [] };
  const props = new PropositionCache(deps.propositions ?? LINKER_PROPOSITIONS);

  const propOf = (state: LinkedMarketState): unknown => {
    const hit = props.get(state._id, state.match_key);
    if (hit !== undefined) return hit;
    const prop = deps.verifier.extract(state.ref);
    props.set(state._id, state.match_key, prop);
    return prop;
  };

  async function publishQuestion(questionId: string, cause: QuestionSnapshot['cause']): Promise<void> {
    const q = await scope.questions.get(questionId);
    if (!q) return;
    const members = await scope.markets.getMany(q.member_ids);
    await scope.publish(subjects.linked(), buildSnapshot(q, members, cause));
  }

  /** Verifies `prop` against a question through one of its members and its anchor. */
  async function placementVia(
    m: Placeable,
    prop: unknown,
    via: LinkedMarketState,
    lookup: OverrideLookup,
  ): Promise<Placement | { rejected: string }> {
    // The candidate itself first: most candidates fail here, before any question is read.
    const first = deps.verifier.compare(prop, propOf(via));
    if (!first.same || first.relation === 'different') return { rejected: first.reasons.join('; ') || 'verifier: different' };
    const q = await scope.questions.get(via.question_id);
    if (!q) return { rejected: 'question vanished' };
    // A venue lists a question once: a second market of the same venue is a sibling contract
    // (another candidate, another bucket) or a near-duplicate, never the same question.
    const siblings = await scope.markets.getMany(q.member_ids.filter((id) => id !== m.id));
    if (siblings.some((s) => s.member.platform_slug === m.platform_slug)) return { rejected: `${m.platform_slug} already lists this question` };
    const forbidden = siblings.find((s) => lookup.between(m.id, s._id)?.action === 'forbid');
    if (forbidden) return { rejected: `an operator forbade linking with ${forbidden._id}` };
    const checks: LinkedMarketState[] = [via];
    if (q.anchor_market_id !== via._id && q.anchor_market_id !== m.id) {
      const anchor = await scope.markets.get(q.anchor_market_id);
      if (anchor) checks.push(anchor);
    }
    let confidence = 1;
    let relationToQuestion: LinkRelation | null = null;
    const reasons: string[] = [];
    for (const other of checks) {
      const verdict = other === via ? first : deps.verifier.compare(prop, propOf(other));
      if (!verdict.same || verdict.relation === 'different') return { rejected: verdict.reasons.join('; ') || 'verifier: different' };
      const rel = composeRelations(verdict.relation, other.relation);
      if (relationToQuestion !== null && rel !== relationToQuestion) return { rejected: 'relation to the question is inconsistent' };
      relationToQuestion = rel;
      confidence = Math.min(confidence, verdict.confidence);
      reasons.push(...verdict.reasons);
    }
    const exact = normalisedTitle(m.ref.title) === normalisedTitle(via.ref.title) && m.ref.outcome === via.ref.outcome;
    return {
      questionId: q._id,
      relation: relationToQuestion ?? 'identity',
      confidence: Math.round(confidence * 1000) / 1000,
      method: exact ? 'exact' : 'semantic',
      reasons: [...new Set(reasons)],
    };
  }

  /**
   * Where the market goes, and the other questions that also accepted it (to be joined to that one:
   * which question a market founds depends on arrival order, the questions it belongs with do not).
   */
  async function place(
    m: NormalizedMarket,
    ref: LinkerMarketRef,
    prop: unknown,
    probe: readonly string[],
    vector: Float32Array | null,
    prev: LinkedMarketState | null,
    lookup: OverrideLookup,
  ): Promise<Placement & { readonly alsoAccepted?: readonly string[] }> {
    const self: Placeable = { id: m.id, platform_slug: m.platform_slug, ref };
    for (const pin of lookup.pinnedTo(m.id)) {
      const partner = await scope.markets.get(pin.a === m.id ? pin.b : pin.a);
      if (partner) {
        return {
          questionId: partner.question_id,
          relation: composeRelations(pin.relation, partner.relation),
          confidence: 1,
          method: 'manual',
          reasons: [`pinned by an operator${pin.note ? `: ${pin.note}` : ''}`],
        };
      }
    }
    // Stay where it is when the question still agrees with the new inputs.
    if (prev) {
      const q = await scope.questions.get(prev.question_id);
      const others = q ? q.member_ids.filter((id) => id !== m.id) : [];
      if (q && others.length > 0) {
        const via = await scope.markets.get(q.anchor_market_id === m.id ? (others[0] as string) : q.anchor_market_id);
        if (via) {
          const stay = await placementVia(self, prop, via, lookup);
          if (!('rejected' in stay)) return stay;
        }
      }
    }
    // Candidates: the embedding's nearest neighbours, and markets filed under the same structural key
    // (one subject at one level, one day of games), which a venue's many near-identical siblings can crowd out.
    const near = vector && !isZeroVector(vector) ? (await deps.index.search(vector, { k, filter: { venue_ne: m.platform_slug } })).map((n) => n.id) : [];
    const keyed = await keyIndex.lookup(probe, m.platform_slug);
    const accepted: Placement[] = [];
    const seenQuestions = new Set<string>();
    for (const id of new Set([...near, ...keyed])) {
      if (id === m.id) continue;
      const other = await scope.markets.get(id);
      if (!other || (prev && other.question_id === prev.question_id) || seenQuestions.has(other.question_id)) continue;
      const candidate = await placementVia(self, prop, other, lookup);
      if ('rejected' in candidate) continue;
      seenQuestions.add(other.question_id);
      accepted.push(candidate);
    }
    const best = accepted.reduce<Placement | null>((b, c) => (!b || c.confidence > b.confidence ? c : b), null);
    if (!best) return NEW_QUESTION;
    return { ...best, alsoAccepted: accepted.filter((c) => c !== best && c.questionId !== null).map((c) => c.questionId as string) };
  }

  async function leave(state: LinkedMarketState, reason: string): Promise<void> {
    const q = await scope.questions.get(state.question_id);
    if (!q) return;
    const rest = q.member_ids.filter((id) => id !== state._id);
    if (rest.length === 0) {
      await scope.questions.delete(q._id);
      await scope.publish(subjects.linked(), { type: 'question_removed', question_id: q._id, cause: { market_id: state._id, reason } });
      return;
    }
    await scope.questions.put({ ...q, member_ids: rest, anchor_market_id: q.anchor_market_id === state._id ? (rest[0] as string) : q.anchor_market_id });
    await publishQuestion(q._id, { market_id: state._id, kind: 'moved_out', reason });
  }

  /** The venue stopped listing the market: it stays linked, now closed, and leaves the question's consensus. */
  async function delist(event: MarketDelisted): Promise<void> {
    const prev = await scope.markets.get(event.market_id);
    if (!prev || event.at < prev.fetched_at || prev.member.status !== 'open') return;
    await scope.markets.put({ ...prev, member: { ...prev.member, status: 'closed' }, fetched_at: event.at });
    await publishQuestion(prev.question_id, { market_id: event.market_id, kind: 'updated', reason: `${event.venue} no longer lists the market as open` });
  }

  /** Links one market event (a run of one). */
  async function handle(event: MarketEvent, redelivered: boolean): Promise<void> {
    await handleRun([{ event, redelivered }]);
  }

  /**
   * Links a run of market events in stream order, with the decisions linking them one at a time would make:
   * each market is placed after the ones before it were written (the run's overlay answers their reads, the
   * vector index and key index hold them), so a market can join one placed earlier in the same run. What the
   * run shares: one read of the markets' previous states, the embedding of every title it has to embed (asked
   * at once in chunks of `embedChunk`, placement starting with the first chunk back), one write per collection, and its question publishes sent without waiting for each ack (in
   * order, on one connection; all acked before this resolves). A run that throws may have published part of
   * its questions and written part of its key index: run it again as redelivered.
   */
  async function handleRun(items: readonly LinkItem[]): Promise<void> {
    if (items.length === 0) return;
    const overlay = new RunOverlay(deps.store, warm);
    const sent: Promise<void>[] = [];
    const run: RunScope = {
      markets: overlay.collection<LinkedMarketState>(LINKER_MARKETS),
      questions: overlay.collection<QuestionState>(LINKER_QUESTIONS),
      publish: (subject, payload, msgId) => {
        const p = deps.publish(subject, payload, msgId);
        p.catch(() => undefined); // awaited below; not an unhandled rejection meanwhile
        sent.push(p);
        return Promise.resolve();
      },
    };
    scope = run;
    let vectors: RunEmbeddings | null = null;
    let read: RunPropositions = NO_RUN_PROPOSITIONS;
    try {
      const linked = items.flatMap((i) => (i.event.type === 'market_normalized' ? [i.event.market] : []));
      await overlay.preload(LINKER_MARKETS, [...linked.map((m) => m.id), ...items.flatMap((i) => (i.event.type === 'market_delisted' ? [i.event.market_id] : []))]);
      const inputs = new Map<NormalizedMarket, MatchInputs>();
      const changed = await changedInputs(linked, inputs);
      vectors = embedInChunks([...new Set(changed.map((r) => embeddingText(r.ref)))], deps.embed, deps.embedChunk ?? EMBED_CHUNK);
      if (deps.extractElsewhere && changed.length > 0) read = extractInChunks(changed, deps.extractElsewhere, deps.embedChunk ?? EMBED_CHUNK, warnExtractFailed);
      for (const { event, redelivered } of items) {
        // The pools hand the next chunk to their threads from this thread's event loop, which placement (all
        // microtasks) would not let run until the run ends: yield once per market while chunks are out.
        if (vectors.pending || read.pending) await new Promise<void>((resolve) => setImmediate(resolve));
        if (event.type === 'market_delisted') await delist(event);
        else await link(event, redelivered, vectors, read, inputs.get(event.market));
      }
      // The run's key filings first, as when each was written at once: a run that fails before its states are
      // written is linked again, and files its markets again.
      await keyIndex.flush();
      await overlay.flush([LINKER_MARKETS, LINKER_QUESTIONS]);
      await Promise.all(sent);
    } finally {
      scope = direct;
      keyIndex.discard();
      await Promise.all([vectors?.settled(), read.settled()]);
    }
  }

  /**
   * The run's new markets and those whose match inputs changed: their titles are embedded and their propositions
   * read, in chunks asked at once (the others keep their place with neither).
   */
  async function changedInputs(linked: readonly NormalizedMarket[], inputs: Map<NormalizedMarket, MatchInputs>): Promise<PropositionRequest[]> {
    const out: PropositionRequest[] = [];
    for (const m of linked) {
      const ref = toMarketRef(m);
      const key = matchKey(ref);
      inputs.set(m, { ref, key });
      const prev = await scope.markets.get(m.id);
      if (!prev || prev.match_key !== key) out.push({ id: m.id, key, ref });
    }
    return out;
  }

  function warnExtractFailed(err: unknown): void {
    deps.log.warn({ err }, 'propositions could not be read off the linker thread; reading them on it');
  }

  async function link(event: MarketNormalized, redelivered: boolean, embedded: RunEmbeddings, read: RunPropositions, inputs?: MatchInputs): Promise<void> {
    const m = event.market;
    // Read once per run in changedInputs (the market's ref and its hash), not again here.
    const ref = inputs?.ref ?? toMarketRef(m);
    const key = inputs?.key ?? matchKey(ref);
    const prev = await scope.markets.get(m.id);
    if (event.source.item_id.startsWith(RELINK_ITEM_PREFIX)) deps.overrides.invalidate();
    const lookup = await deps.overrides();
    const overrideFp = lookup.fingerprint(m.id);

    if (prev && event.source.fetched_at < prev.fetched_at) return;
    if (prev && prev.match_key === key && prev.override_fp === overrideFp) {
      const member = memberOf(m, { relation: prev.relation, confidence: prev.confidence, method: prev.match_method, reasons: prev.reasons });
      if (redelivered || prev.end_time !== m.end_time || JSON.stringify(member) !== JSON.stringify(prev.member)) {
        await scope.markets.put({ ...prev, member, end_time: m.end_time, fetched_at: event.source.fetched_at });
        await publishQuestion(prev.question_id, { market_id: m.id, kind: 'updated', reason: 'prices, volumes or status changed' });
      }
      return;
    }

    const text = embeddingText(ref);
    const vector = (await embedded.vectorOf(text)) ?? (await deps.embed([text]))[0];
    const prop = (await read.propOf(m.id, key)) ?? deps.verifier.extract(ref);
    props.set(m.id, key, prop);
    const keys = keysOf(prop);
    const placement = await place(m, ref, prop, keys.probe, vector ?? null, prev, lookup);
    const questionId = placement.questionId ?? uuidFromName(`question:${m.id}:${key}`);
    const moved = prev !== null && prev.question_id !== questionId;
    const why = !prev
      ? 'new market'
      : prev.match_key === key
        ? 'operator overrides changed'
        : `match inputs changed (${prev.ref.title === ref.title ? 'rules, outcome or dates' : `title "${prev.ref.title}" → "${ref.title}"`})`;
    if (moved) await leave(prev, `${why}; no longer the same question`);

    const moves = moved
      ? [{ from: prev.question_id, to: questionId, reason: `${why}: ${placement.reasons.join('; ')}`, at: event.source.fetched_at }, ...prev.moves].slice(0, MAX_MOVES)
      : (prev?.moves ?? []);
    const state: LinkedMarketState = {
      _id: m.id,
      ref,
      match_key: key,
      vector: vector && !isZeroVector(vector) ? vectorToBase64(vector) : null,
      question_id: questionId,
      relation: placement.relation,
      confidence: placement.confidence,
      match_method: placement.method,
      reasons: placement.reasons,
      member: memberOf(m, placement),
      fetched_at: event.source.fetched_at,
      group_title: isContractOfGroup(m) && m.group ? m.group.title : null,
      end_time: m.end_time,
      override_fp: overrideFp,
      moves,
    };
    await scope.markets.put(state);
    await keyIndex.file(m.id, m.platform_slug, keys.own);

    const existing = await scope.questions.get(questionId);
    const q: QuestionState = existing
      ? { ...existing, member_ids: existing.member_ids.includes(m.id) ? existing.member_ids : [...existing.member_ids, m.id] }
      : { _id: questionId, anchor_market_id: m.id, category: m.category, end_time: m.end_time, member_ids: [m.id] };
    await scope.questions.put(q);
    if (vector && !isZeroVector(vector)) {
      await deps.index.upsert([
        { id: m.id, vector, payload: { venue: m.platform_slug, category: m.category, end_time_ms: m.end_time ? Date.parse(m.end_time) : null } },
      ]);
    }
    // Another question that also took this market holds the same proposition: its members join this one
    // when each of them verifies against it, so the grouping does not depend on which market came first.
    for (const other of placement.alsoAccepted ?? []) {
      if (other === questionId) continue;
      await absorbQuestion({ markets: scope.markets, questions: scope.questions, publish: scope.publish, verify: placementVia, propOf, lookup }, questionId, other, state, event.source.fetched_at);
    }
    await publishQuestion(questionId, {
      market_id: m.id,
      kind: moved ? 'moved_in' : 'linked',
      reason: placement.reasons.join('; '),
    });
    if (placement.questionId) deps.log.debug({ market: m.id, question: questionId, relation: placement.relation, confidence: placement.confidence }, 'market linked');
  }

  /** Refills an in-process vector index from the linker's own records after a restart. */
  async function warmIndex(): Promise<number> {
    if ((await deps.index.count()) > 0) return 0;
    const all = await stored.markets.find({ vector: { $exists: true } });
    const items = all
      .filter((s) => s.vector !== null)
      .map((s) => ({
        id: s._id,
        vector: vectorFromBase64(s.vector as string),
        payload: { venue: s.member.platform_slug, category: s.ref.category, end_time_ms: s.ref.end_date ? Date.parse(s.ref.end_date) : null },
      }));
    for (let i = 0; i < items.length; i += 500) await deps.index.upsert(items.slice(i, i + 500));
    return items.length;
  }

  return { handle, handleRun, warmIndex };
}

export type Linker = ReturnType<typeof createLinker>;
