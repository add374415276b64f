import { VenueError } from '../../shared/errors.ts';
import type { TokenBucket } from './tokenBucket.ts';

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

interface Waiter {
  readonly cost: number;
  readonly resolve: (release: () => void) => void;
  readonly reject: (error: unknown) => void;
  readonly signal: AbortSignal | undefined;
  readonly onAbort: () => void;
}

/**
 * Admission control for one venue: a bounded FIFO queue in front of a token bucket and a
 * concurrency cap. A request holds its slot only while on the wire; back-off sleeps happen
 * outside the gate so a retrying request never blocks the others.
 */
export class VenueGate {
  readonly #venue: string;
  readonly #bucket: TokenBucket;
  readonly #maxConcurrency: number;
  readonly #maxQueue: number;
  readonly #sleep: Sleep;
  readonly #queue: Waiter[] = [];
  #active = 0;
  #refillTimer = false;

  constructor(opts: { venue: string; bucket: TokenBucket; maxConcurrency: number; maxQueue: number; sleep: Sleep }) {
    this.#venue = opts.venue;
    this.#bucket = opts.bucket;
    this.#maxConcurrency = Math.max(1, Math.floor(opts.maxConcurrency));
    this.#maxQueue = Math.max(0, Math.floor(opts.maxQueue));
    this.#sleep = opts.sleep;
  }

  get active(): number {
    return this.#active;
  }

  get queued(): number {
    return this.#queue.length;
  }

  /** Resolves with a release function once the request may go on the wire. */
  acquire(cost: number, signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.#queue.length >= this.#maxQueue) {
      return Promise.reject(
        new VenueError(this.#venue, 'QUEUE_FULL', `${this.#venue}: request queue is full (${this.#maxQueue} waiting); slow down the caller`),
      );
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        cost,
        resolve,
        reject,
        signal,
        onAbort: () => {
          const i = this.#queue.indexOf(waiter);
          if (i >= 0) {
            this.#queue.splice(i, 1);
            reject(signal?.reason);
          }
        },
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      this.#queue.push(waiter);
      this.#pump();
    });
  }

  #pump(): void {
    while (this.#queue.length > 0 && this.#active < this.#maxConcurrency) {
      const head = this.#queue[0] as Waiter;
      if (!this.#bucket.tryTake(head.cost)) {
        this.#waitForTokens(head.cost);
        return;
      }
      this.#queue.shift();
      head.signal?.removeEventListener('abort', head.onAbort);
      this.#active += 1;
      let released = false;
      head.resolve(() => {
        if (released) return;
        released = true;
        this.#active -= 1;
        this.#pump();
      });
    }
  }

  #waitForTokens(cost: number): void {
    if (this.#refillTimer) return;
    this.#refillTimer = true;
    const ms = Math.max(1, this.#bucket.msUntil(cost));
    void this.#sleep(ms).finally(() => {
      this.#refillTimer = false;
      this.#pump();
    });
  }
}
