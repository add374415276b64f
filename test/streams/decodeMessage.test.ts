import test from 'ava';
import { decodeMessage } from '../../pipeline/streams/consume.ts';

const asIs = (value: unknown) => ({ ok: true as const, event: value });

test('a message is decoded from its own bytes when they are a view into a larger buffer (as deliveries are)', (t) => {
  const text = '{"title":"Zürich über 5 °C? 🙂","n":1}';
  const body = Buffer.from(text);
  const socket = Buffer.concat([Buffer.from('MSG x 1 99\r\n'), body, Buffer.from('\r\n{"other":true}')]);
  const view = new Uint8Array(socket.buffer, socket.byteOffset + 'MSG x 1 99\r\n'.length, body.length);
  t.deepEqual(decodeMessage(view, asIs), { ok: true, event: JSON.parse(text) });
  t.deepEqual(decodeMessage(new Uint8Array(body), asIs), { ok: true, event: JSON.parse(text) });
  t.deepEqual(decodeMessage(view.subarray(0, 5), asIs), { ok: false, reason: 'message is not valid JSON' });
  t.deepEqual(decodeMessage(new Uint8Array(0), asIs), { ok: false, reason: 'message is not valid JSON' });
});
