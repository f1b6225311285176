/** A least-recently-used map bounded by an estimate of the bytes its entries hold, not only by their count. */
export class ByteBoundedLru<V> {
  private readonly entries = new Map<string, { value: V; bytes: number }>();
  private bytes = 0;

  /** `cost` estimates the bytes an entry holds from its key and value; an entry over a tenth of the budget is not kept. */
  constructor(
    private readonly budgetBytes: number,
    private readonly cost: (key: string, value: V) => number,
  ) {}

  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.value;
  }

  set(key: string, value: V): void {
    const bytes = this.cost(key, value);
    this.delete(key);
    if (bytes > this.budgetBytes / 10) return;
    this.entries.set(key, { value, bytes });
    this.bytes += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.budgetBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.bytes;
    }
  }

  private delete(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.bytes -= old.bytes;
  }

  get size(): number {
    return this.entries.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }
}
