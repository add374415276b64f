import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { bareHost, checkWebhookUrlSyntax, forbiddenAddress, type WebhookPolicy } from '../webhookUrl.ts';

/**
 * One webhook POST over node:http(s). The connection goes only to addresses that passed the policy:
 * our own DNS lookup checks every address the host resolves to right before connecting (a host that
 * was public when the alert was saved may not be now). Redirects are not followed (a redirect could
 * lead anywhere), the response body is read and dropped, and the whole attempt is bounded in time.
 */
export type WebhookResult = { ok: true; status: number } | { ok: false; status: number | null; error: string };

/** Response bytes read before the connection is dropped: receivers owe us a status, not a body. */
const MAX_RESPONSE_BYTES = 64 * 1024;

function guardedLookup(policy: WebhookPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { family: options.family ?? 0, all: true, verbatim: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const bad = forbiddenAddress(addresses.map((a) => a.address), policy);
      if (bad !== null || addresses.length === 0) {
        const refused = Object.assign(new Error(`${hostname} resolves to ${bad ?? 'nothing'}, which webhooks may not reach`), { code: 'EADDRNOTALLOWED' });
        return callback(refused, '', 0);
      }
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0] as LookupAddress;
      return callback(null, first.address, first.family);
    });
  };
}

export function postWebhook(rawUrl: string, body: string, headers: Record<string, string>, opts: { timeoutMs: number; policy: WebhookPolicy }): Promise<WebhookResult> {
  const syntax = checkWebhookUrlSyntax(rawUrl, opts.policy);
  if (!syntax.ok) return Promise.resolve({ ok: false, status: null, error: `webhook URL ${syntax.reason}` });
  const url = syntax.url;
  const host = bareHost(url);
  if (isIP(host) && forbiddenAddress([host], opts.policy) !== null) {
    return Promise.resolve({ ok: false, status: null, error: `${host} is a private, loopback, link-local or reserved address` });
  }
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<WebhookResult>((resolve) => {
    let settled = false;
    const finish = (result: WebhookResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const req = send(
      url,
      {
        method: 'POST',
        agent: false,
        lookup: guardedLookup(opts.policy),
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body, 'utf8')) },
      },
      (res: IncomingMessage) => {
        const status = res.statusCode ?? 0;
        let seen = 0;
        res.on('data', (chunk: Buffer) => {
          seen += chunk.length;
          if (seen > MAX_RESPONSE_BYTES) res.destroy();
        });
        const done = () =>
          finish(status >= 200 && status < 300 ? { ok: true, status } : { ok: false, status, error: `the receiver answered HTTP ${status}${status >= 300 && status < 400 ? ' (redirects are not followed)' : ''}` });
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new Error(`no answer within ${opts.timeoutMs} ms`));
    }, opts.timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) => finish({ ok: false, status: null, error: err.message || err.code || 'request failed' }));
    req.end(body, 'utf8');
  });
}
