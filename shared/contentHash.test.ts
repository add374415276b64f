import test from 'ava';
import { createHash } from 'node:crypto';
import { contentHash, stableStringify } from './contentHash.ts';

// Expected strings written by hand: the hash is the processor's de-duplication id (a market's content), so the
// bytes must stay what they were before stableStringify was rewritten as loops.
test('stableStringify sorts keys at every level by UTF-16 code units and leaves out undefined-valued keys', (t) => {
  t.is(stableStringify({ b: 1, a: [1, 'x'], c: undefined, d: { z: null, y: true } }), '{"a":[1,"x"],"b":1,"d":{"y":true,"z":null}}');
  t.is(stableStringify({ 'é': 1, e: 2, E: 3, _: 4 }), '{"E":3,"_":4,"e":2,"é":1}');
  t.is(stableStringify({ 'a"b': 'x\ny', n: -0, big: 1e21, frac: 0.1 }), '{"a\\"b":"x\\ny","big":1e+21,"frac":0.1,"n":0}');
});

test('stableStringify writes what JSON has no form for as null, an array hole as nothing, and a Date as the empty object it enumerates as', (t) => {
  // eslint-disable-next-line no-sparse-arrays
  t.is(stableStringify([1, , undefined, () => 1, Symbol('s'), NaN]), '[1,,null,null,null,null]');
  t.is(stableStringify({ f: () => 1, s: Symbol('s'), i: Infinity }), '{"f":null,"i":null,"s":null}');
  t.is(stableStringify({ when: new Date(0) }), '{"when":{}}');
  t.is(stableStringify([]), '[]');
  t.is(stableStringify({}), '{}');
  t.is(stableStringify(undefined), 'null');
  t.is(stableStringify('x'), '"x"');
});

test('contentHash is the first 16 hex digits of the SHA-256 of the stable JSON', (t) => {
  const expected = createHash('sha256').update('{"a":[{"x":1,"y":2}],"b":"c"}').digest('hex').slice(0, 16);
  t.is(contentHash({ b: 'c', a: [{ y: 2, x: 1 }] }), expected);
});
