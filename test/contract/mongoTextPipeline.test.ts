import test from 'ava';
import type { Document } from 'mongodb';
import { scoreStage, specFromIndexes, textIndexDefinition, textPrefilter } from '../../adapters/store/mongoText.ts';
import { toMongoFilter, toMongoSort } from '../../adapters/store/mongoQuery.ts';
import { parseSearchFilter, parseSort } from '../../adapters/store/queryModel.ts';
import { searchTerms, textScore } from '../../shared/text/searchText.ts';

/**
 * No MongoDB server runs here, so the text-search pipeline is checked by evaluating its score expression with a
 * small interpreter of the aggregation operators it uses, against the shared relevance (the contract suite runs
 * the real thing wherever MONGODB_URI is set).
 */
type Vars = Record<string, unknown>;
function evaluate(expr: unknown, doc: Document, vars: Vars): unknown {
  if (typeof expr === 'string') {
    if (expr.startsWith('$$')) return vars[expr.slice(2)];
    if (expr.startsWith('$')) return expr.slice(1).split('.').reduce<unknown>((o, k) => (o as Document | undefined)?.[k], doc);
    return expr;
  }
  if (typeof expr !== 'object' || expr === null || Array.isArray(expr)) return expr;
  const [op, arg] = Object.entries(expr)[0] as [string, unknown];
  const ev = (e: unknown) => evaluate(e, doc, vars);
  const args = Array.isArray(arg) ? arg : [];
  switch (op) {
    case '$let': {
      const a = arg as { vars: Vars; in: unknown };
      const bound: Vars = { ...vars };
      for (const [k, v] of Object.entries(a.vars)) bound[k] = ev(v);
      return evaluate(a.in, doc, bound);
    }
    case '$cond':
      return ev(args[0]) ? ev(args[1]) : ev(args[2]);
    case '$and':
      return args.every((a) => Boolean(ev(a)));
    case '$gt':
      return (ev(args[0]) as number) > (ev(args[1]) as number);
    case '$eq':
      return ev(args[0]) === ev(args[1]);
    case '$add':
      return args.reduce<number>((s, a) => s + (ev(a) as number), 0);
    case '$max':
      return Math.max(...args.map((a) => ev(a) as number));
    case '$type': {
      const v = ev(arg);
      return typeof v === 'string' ? 'string' : v === undefined ? 'missing' : typeof v;
    }
    case '$regexMatch': {
      const a = arg as { input: unknown; regex: string; options: string };
      return new RegExp(a.regex, `${a.options}u`).test(ev(a.input) as string);
    }
    default:
      throw new Error(`operator ${op} not interpreted`);
  }
}

const SPEC = { name: 'search', fields: [['title', 3], ['labels', 1]] as const };
const DOCS: Document[] = [
  { title: 'Will Bitcoin reach $150,000 by December 31, 2026?', labels: 'Yes No' },
  { title: 'FC ZÜRICH to win the Swiss Super League?', labels: 'Yes No' },
  { title: 'Pokémon World Championship winner', labels: 'Jose\u0301 Ramírez' },
  { title: 'Who wins the 2028 election?', labels: 'Bitcoin maximalist' },
  { title: 150000, labels: 'Bitcoin' },
  { labels: 'Bitterness' },
];
const QUERIES = ['bitcoin', 'bitc', 'bit', 'yes bit', 'zurich super', 'pokemon', 'jose ramirez', 'will', '150', 'bitc reach', 'swiss league'];

test('the MongoDB relevance expression scores exactly like the shared relevance on every query and document', (t) => {
  for (const q of QUERIES) {
    const terms = searchTerms(q);
    const stage = scoreStage({ name: SPEC.name, fields: SPEC.fields.map(([f, w]) => [f, w] as const) }, { terms });
    for (const doc of DOCS) {
      const got = evaluate((stage.$addFields as Document).__score, doc, {});
      const want = textScore([[doc.title, 3], [doc.labels, 1]], terms);
      t.is(got, want, `${q} on ${JSON.stringify(doc)}`);
    }
  }
});

test('the MongoDB prefilter uses the text index for whole words and the fields for a lone prefix', (t) => {
  const spec = { name: SPEC.name, fields: SPEC.fields.map(([f, w]) => [f, w] as const) };
  t.deepEqual(textPrefilter(spec, { terms: ['yes', 'bit'] }), { $text: { $search: 'yes' } });
  const prefix = textPrefilter(spec, { terms: ['bit'] }) as { $or: Array<Record<string, { $regex: string }>> };
  t.is(prefix.$or.length, 2);
  t.true(new RegExp(prefix.$or[0]?.title?.$regex ?? '', 'iu').test('Bitterness'));
});

test('text index definition round-trips through listIndexes output, and $score maps onto the computed field', (t) => {
  const spec = { name: 'search', fields: [['title', 3], ['labels', 1]] as const };
  const def = textIndexDefinition({ name: spec.name, fields: spec.fields.map(([f, w]) => [f, w] as const) });
  t.deepEqual(def.key, { title: 'text', labels: 'text' });
  t.is(def.options.default_language, 'none');
  const listed = [{ name: '_id_', key: { _id: 1 } }, { name: 'search', key: { _fts: 'text', _ftsx: 1 }, weights: { title: 3, labels: 1 }, textIndexVersion: 3 }];
  t.deepEqual(specFromIndexes(listed), { name: 'search', fields: [['title', 3], ['labels', 1]] });
  const { condition } = parseSearchFilter({ $text: 'bitcoin', $or: [{ $score: { $lt: 6 } }, { $score: 6, volume: { $lt: 9 } }] });
  t.deepEqual(toMongoFilter(condition), { $or: [{ __score: { $lt: 6 } }, { $and: [{ __score: { $eq: 6 } }, { volume: { $lt: 9 } }] }] });
  t.deepEqual(toMongoSort(parseSort([['$score', -1]], true) ?? []), { __score: -1, _id: 1 });
});
