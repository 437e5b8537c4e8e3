// A growing list of items (stdout frames, wire events) that tests wait on: a condition over
// the items from a mark, with a timeout that reports what was seen. No sleeps.

export interface WaitOptions {
  /** Only items at or after this index count (a `mark()` taken before the action). */
  from?: number;
  timeoutMs?: number;
}

export interface WaitList<T> {
  readonly items: T[];
  /** Append an item and re-check the pending waits. */
  push(item: T): void;
  mark(): number;
  waitFor(predicate: (item: T) => boolean, options?: WaitOptions): Promise<T>;
}

export function createWaitList<T>(describe: (items: readonly T[]) => string, defaultTimeoutMs = 25_000): WaitList<T> {
  const items: T[] = [];
  const waiters = new Set<() => void>();
  return {
    items,
    push(item) {
      items.push(item);
      for (const waiter of [...waiters]) waiter();
    },
    mark: () => items.length,
    waitFor(predicate, { from = 0, timeoutMs = defaultTimeoutMs } = {}) {
      return new Promise((resolve, reject) => {
        const check = (): boolean => {
          for (let i = from; i < items.length; i++) {
            const item = items[i] as T;
            if (!predicate(item)) continue;
            waiters.delete(onItem);
            clearTimeout(timer);
            resolve(item);
            return true;
          }
          return false;
        };
        const onItem = (): void => void check();
        const timer = setTimeout(() => {
          waiters.delete(onItem);
          reject(new Error(`timed out after ${timeoutMs} ms; saw: ${describe(items.slice(from))}`));
        }, timeoutMs);
        if (!check()) waiters.add(onItem);
      });
    },
  };
}
