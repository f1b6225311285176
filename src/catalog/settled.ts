/**
 * Values that may already be at hand. A search page presents a few hundred fields from documents and definitions the
 * request (or the definition cache) already holds; awaiting each costs several promises and a turn of the microtask
 * queue (with the request context's async hooks, about 0.3 µs a promise — about 1,700 a page). Promises made here are
 * remembered once they resolve, so a reader holding one can use its value at once.
 */
export type MaybePromise<T> = T | Promise<T>;

const values = new WeakMap<Promise<unknown>, unknown>();

export const isPromise = <T>(v: MaybePromise<T>): v is Promise<T> => typeof (v as { then?: unknown } | null)?.then === 'function';

/** Remembers the promise's value when it resolves (a rejection is left to whoever awaits it). */
export function track<T>(p: Promise<T>): Promise<T> {
  p.then(
    (v) => void values.set(p, v),
    () => undefined,
  );
  return p;
}

/** A promise of a value already known: usable at once through `now`. */
export function known<T>(value: T): Promise<T> {
  const p = Promise.resolve(value);
  values.set(p, value);
  return p;
}

/** The promise's value when it has resolved and was tracked, else the promise itself. */
export function now<T>(p: Promise<T>): MaybePromise<T> {
  return values.has(p) ? (values.get(p) as T) : p;
}

/** `f` applied to a value at once, or when it arrives. */
export function andThen<T, R>(v: MaybePromise<T>, f: (value: T) => MaybePromise<R>): MaybePromise<R> {
  return isPromise(v) ? v.then(f) : f(v);
}
