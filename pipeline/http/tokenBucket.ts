/**
 * A token bucket (CCXT `throttle` style): `burst` tokens at most, refilled continuously at
 * `tokensPerSecond`. Time comes from an injected clock so tests can step it.
 */
export class TokenBucket {
  readonly #rate: number;
  readonly #capacity: number;
  readonly #now: () => number;
  #tokens: number;
  #updatedAt: number;

  constructor(opts: { tokensPerSecond: number; burst: number; now: () => number }) {
    if (!(opts.tokensPerSecond > 0) || !(opts.burst >= 1)) {
      throw new RangeError(`token bucket needs tokensPerSecond > 0 and burst >= 1, got ${opts.tokensPerSecond}/${opts.burst}`);
    }
    this.#rate = opts.tokensPerSecond;
    this.#capacity = opts.burst;
    this.#now = opts.now;
    this.#tokens = opts.burst;
    this.#updatedAt = opts.now();
  }

  get capacity(): number {
    return this.#capacity;
  }

  /** Takes `cost` tokens if they are there; a cost above the capacity is charged as a full bucket. */
  tryTake(cost: number): boolean {
    this.#refill();
    const need = this.#clamp(cost);
    if (this.#tokens + 1e-9 < need) return false;
    this.#tokens -= need;
    return true;
  }

  /** Milliseconds until `cost` tokens will be available (0 when they already are). */
  msUntil(cost: number): number {
    this.#refill();
    const missing = this.#clamp(cost) - this.#tokens;
    return missing <= 0 ? 0 : Math.ceil((missing / this.#rate) * 1000);
  }

  #clamp(cost: number): number {
    return Math.min(Math.max(cost, 0), this.#capacity);
  }

  #refill(): void {
    const now = this.#now();
    const elapsed = Math.max(0, now - this.#updatedAt);
    this.#updatedAt = now;
    this.#tokens = Math.min(this.#capacity, this.#tokens + (elapsed / 1000) * this.#rate);
  }
}
