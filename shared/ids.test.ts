import test from 'ava';
import { v5 as uuidv5 } from 'uuid';
import { marketId, uuidFromName, uuidV5 } from './ids.ts';

const DNS = '6ba7b810-9dad-11d1-80b4-00c04fd430c8';
const CONCORD = '6f1d3c2e-8a57-4b8e-9a4c-0c5b7d1e2f30';

test('uuidV5 gives the RFC 9562 example (www.example.com in the DNS namespace)', (t) => {
  t.is(uuidV5('www.example.com', DNS), '2ed6657d-e927-568b-95e1-2665a8aea6a2');
});

test("uuidV5 and the ids built on it are uuid's v5, for ASCII, accented, CJK, emoji and empty names", (t) => {
  for (const name of ['', 'a', 'market:polymarket:0x1f2e', 'market:manifold:Élection-présidentielle', 'market:kalshi:日本', 'market:drift:\u{1F600}-PERP']) {
    t.is(uuidV5(name, CONCORD), uuidv5(name, CONCORD), name);
    t.is(uuidFromName(name), uuidv5(name, CONCORD), name);
  }
  t.is(marketId('predictit', '12345'), uuidv5('market:predictit:12345', CONCORD));
});

test('a name with a lone surrogate throws as uuid v5 does, and a malformed namespace is refused', (t) => {
  t.throws(() => uuidFromName('market:x:\uD800'), { instanceOf: URIError });
  t.throws(() => uuidV5('x', 'not-a-uuid'));
});
