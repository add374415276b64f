import test from 'ava';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mailgunMailer } from '../../adapters/mail/mailgunMailer.ts';

interface Received {
  readonly url: string;
  readonly authorization: string;
  readonly body: string;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

test('the Mailgun adapter posts the message to the messages endpoint of the domain with the API key', async (t) => {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    void readBody(req).then((body) => {
      received.push({ url: req.url ?? '', authorization: req.headers.authorization ?? '', body });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: '<1@mg.example.com>', message: 'Queued. Thank you.' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const port = (server.address() as AddressInfo).port;
    const mailer = mailgunMailer({ apiKey: 'key-test', domain: 'mg.example.com', from: 'Concord <no-reply@mg.example.com>', url: `http://127.0.0.1:${port}` });
    await mailer.send({ to: 'user@example.com', subject: 'Your code', text: 'Code 123456' });
    t.is(received.length, 1);
    t.is(received[0]?.url, '/v3/mg.example.com/messages');
    t.is(received[0]?.authorization, `Basic ${Buffer.from('api:key-test').toString('base64')}`);
    for (const part of ['user@example.com', 'Your code', 'Code 123456', 'no-reply@mg.example.com']) t.true(received[0]?.body.includes(part), part);
  } finally {
    server.close();
  }
});

test('a Mailgun refusal rejects send, so the caller can log it', async (t) => {
  const server = createServer((_req, res) => {
    res.writeHead(401, { 'content-type': 'text/plain' });
    res.end('Forbidden');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const port = (server.address() as AddressInfo).port;
    const mailer = mailgunMailer({ apiKey: 'wrong', domain: 'mg.example.com', from: 'x@mg.example.com', url: `http://127.0.0.1:${port}` });
    await t.throwsAsync(mailer.send({ to: 'user@example.com', subject: 's', text: 't' }));
  } finally {
    server.close();
  }
});
