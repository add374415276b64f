import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local webhook receiver that records every request (raw body bytes included) and answers by script. */
export interface Received {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly raw: Buffer;
  readonly at: number;
  /** The status answered, or null while held or when the sender went away first. */
  status: number | null;
}

/** Per path: the statuses to answer in turn (the last repeats); 'hold' keeps the request open until released. */
export type Script = Record<string, Array<number | 'hold'>>;

export interface Receiver {
  readonly url: string;
  readonly received: Received[];
  on(path: string): Received[];
  /** Requests held open right now. */
  held(): number;
  /** Answers every held request with this status. */
  release(status: number): void;
  close(): Promise<void>;
}

export async function startReceiver(script: Script): Promise<Receiver> {
  const received: Received[] = [];
  const counts = new Map<string, number>();
  const holding = new Set<ServerResponse>();
  const answered = new Map<ServerResponse, Received>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const record: Received = { path, headers: req.headers, raw: Buffer.concat(chunks), at: Date.now(), status: null };
      received.push(record);
      answered.set(res, record);
      const n = counts.get(path) ?? 0;
      counts.set(path, n + 1);
      const plan = script[path] ?? [404];
      const answer = plan[Math.min(n, plan.length - 1)] ?? 404;
      if (answer === 'hold') {
        holding.add(res);
        res.on('close', () => holding.delete(res));
        return;
      }
      if (answer >= 300 && answer < 400) res.setHeader('location', '/ok');
      res.statusCode = answer;
      record.status = answer;
      res.end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    on: (path) => received.filter((r) => r.path === path),
    held: () => holding.size,
    release: (status) => {
      for (const res of holding) {
        res.statusCode = status;
        const record = answered.get(res);
        if (record) record.status = status;
        res.end('{}');
      }
      holding.clear();
    },
    close: async () => {
      for (const res of holding) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
