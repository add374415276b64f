/** A minimal Server-Sent Events client over fetch, for tests: frames as they arrive, and comments. */
export interface SseFrame {
  readonly id?: string;
  readonly event: string;
  readonly data: unknown;
}

export interface SseConnection {
  readonly status: number;
  readonly headers: Headers;
  /** The JSON body when the server refused the stream. */
  readonly error: unknown;
  readonly frames: SseFrame[];
  readonly comments: string[];
  /** Resolves once `n` frames of `event` (default opportunity) have arrived; rejects after `timeoutMs`. */
  waitFor(n: number, event?: string, timeoutMs?: number): Promise<SseFrame[]>;
  waitForComment(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Drops the connection, as a client that loses its network would. */
  close(): void;
  readonly ended: Promise<void>;
}

export async function openSse(url: string, headers: Record<string, string>): Promise<SseConnection> {
  const abort = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const frames: SseFrame[] = [];
  const comments: string[] = [];
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const l of listeners) l();
  };
  if (!res.headers.get('content-type')?.startsWith('text/event-stream')) {
    const error = await res.json().catch(() => null);
    return { status: res.status, headers: res.headers, error, frames, comments, waitFor: async () => [], waitForComment: async () => '', close: () => abort.abort(), ended: Promise.resolve() };
  }
  const ended = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const fields: Record<string, string> = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else {
              const i = line.indexOf(':');
              if (i > 0) fields[line.slice(0, i)] = line.slice(i + 1).trimStart();
            }
          }
          if (fields.event !== undefined || fields.data !== undefined) {
            frames.push({ ...(fields.id !== undefined ? { id: fields.id } : {}), event: fields.event ?? 'message', data: fields.data ? JSON.parse(fields.data) : null });
          }
          notify();
        }
      }
    } catch {
      // Aborted by close(), or the server ended the stream.
    }
    notify();
  })();
  const waitUntil = <T>(check: () => T | undefined, timeoutMs: number, what: string): Promise<T> =>
    new Promise((resolve, reject) => {
      const tick = () => {
        const v = check();
        if (v !== undefined) {
          listeners.delete(tick);
          clearTimeout(timer);
          resolve(v);
        }
      };
      const timer = setTimeout(() => {
        listeners.delete(tick);
        reject(new Error(`timed out waiting for ${what}; got ${JSON.stringify(frames.map((f) => [f.event, f.id]))}`));
      }, timeoutMs);
      listeners.add(tick);
      tick();
    });
  return {
    status: res.status,
    headers: res.headers,
    error: null,
    frames,
    comments,
    waitFor: (n, event = 'opportunity', timeoutMs = 10_000) =>
      waitUntil(() => {
        const got = frames.filter((f) => f.event === event);
        return got.length >= n ? got : undefined;
      }, timeoutMs, `${n} ${event} frames`),
    waitForComment: (pattern, timeoutMs = 10_000) => waitUntil(() => comments.find((c) => pattern.test(c)), timeoutMs, `a comment ${pattern}`),
    close: () => abort.abort(),
    ended,
  };
}
