/**
 * Indices made when first needed, remembered by this process: a known one is a Set lookup; callers asking for the same
 * one while it is being made share that making; one removed behind the process's back is forgotten and made again.
 */
export class MadeOnce {
  private readonly present = new Set<string>();
  private readonly making = new Map<string, Promise<void>>();

  constructor(private readonly make: (key: string) => Promise<void>) {}

  /** Whether this process knows it exists. */
  has(key: string): boolean {
    return this.present.has(key);
  }

  /** Makes (once) what is not known to exist. */
  ensure(key: string): Promise<void> {
    if (this.present.has(key)) return Promise.resolve();
    const pending = this.making.get(key);
    if (pending) return pending;
    const made = this.make(key)
      .then(() => void this.present.add(key))
      .finally(() => this.making.delete(key));
    this.making.set(key, made);
    return made;
  }

  /** Found gone: the next `ensure` makes it again. */
  forget(key: string): void {
    this.present.delete(key);
  }
}
