import { request } from 'node:http';
import { connect } from 'node:net';

export interface RawReply {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly text: string;
  /** The parsed body when it is JSON, else undefined. */
  readonly json: Record<string, unknown> | undefined;
}

function parseJson(text: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** A request through node:http (any method node knows: TRACE, PROPFIND, SEARCH... which fetch refuses to send). */
export function httpRequest(baseUrl: string, method: string, path: string, headers: Record<string, string> = {}, body?: Buffer | string): Promise<RawReply> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, method, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      if (/^text\/event-stream/.test(String(res.headers['content-type'] ?? ''))) {
        // A live event stream never ends: its status and headers are the answer.
        const flat: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) flat[k] = Array.isArray(v) ? v.join(', ') : v;
        resolve({ status: res.statusCode ?? 0, headers: flat, text: '', json: undefined });
        req.destroy();
        return;
      }
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const flat: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) flat[k] = Array.isArray(v) ? v.join(', ') : v;
        resolve({ status: res.statusCode ?? 0, headers: flat, text, json: parseJson(text) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** Bytes written straight to a socket, for what no HTTP client will send (oversized heads, unknown methods, broken framing). */
export function rawSocket(baseUrl: string, bytes: string): Promise<RawReply> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('end', () => {
      const all = Buffer.concat(chunks).toString('utf8');
      const split = all.indexOf('\r\n\r\n');
      const head = split >= 0 ? all.slice(0, split) : all;
      const text = split >= 0 ? all.slice(split + 4) : '';
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1] ?? 0), headers, text, json: parseJson(text) });
    });
  });
}
