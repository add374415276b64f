/**
 * A binary min-heap of (time, key, token) items: what the scan result cache uses to find, without walking
 * every question, the kept results whose clock bound a pass has reached. Items are never removed early: a
 * popped item whose token is no longer the key's current one is simply dropped by the caller (a lazy delete),
 * and `compact` drops them all when they outnumber the live ones.
 */
export interface HeapItem<T> {
  readonly at: number;
  readonly key: string;
  readonly token: T;
}

export class DeadlineHeap<T> {
  #items: HeapItem<T>[] = [];

  get size(): number {
    return this.#items.length;
  }

  push(at: number, key: string, token: T): void {
    const items = this.#items;
    items.push({ at, key, token });
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (items[parent]!.at <= items[i]!.at) break;
      [items[parent], items[i]] = [items[i]!, items[parent]!];
      i = parent;
    }
  }

  /** Removes and returns, earliest first, the items whose time `due` accepts (it must accept every earlier time too). */
  popWhile(due: (at: number) => boolean): HeapItem<T>[] {
    const out: HeapItem<T>[] = [];
    while (this.#items.length > 0 && due(this.#items[0]!.at)) out.push(this.#pop());
    return out;
  }

  /** Keeps only the items `live` accepts (rebuilt in linear time). */
  compact(live: (item: HeapItem<T>) => boolean): void {
    this.#items = this.#items.filter(live);
    for (let i = (this.#items.length >> 1) - 1; i >= 0; i--) this.#down(i);
  }

  #pop(): HeapItem<T> {
    const items = this.#items;
    const top = items[0]!;
    const last = items.pop()!;
    if (items.length > 0) {
      items[0] = last;
      this.#down(0);
    }
    return top;
  }

  #down(start: number): void {
    const items = this.#items;
    let i = start;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < items.length && items[l]!.at < items[m]!.at) m = l;
      if (r < items.length && items[r]!.at < items[m]!.at) m = r;
      if (m === i) return;
      [items[m], items[i]] = [items[i]!, items[m]!];
      i = m;
    }
  }
}
