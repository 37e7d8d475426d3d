// What the server-rendering bundle gets for `async_hooks` (vite.config.ts aliases it there; the browser build never
// sees it): an AsyncLocalStorage that holds its store only while run()'s callback runs.
//
// React's server renderer keeps the request it renders in an AsyncLocalStorage, for calls that reach it outside its
// own render loop (ReactDOM.preload from code that resumes after an await). Node 20's AsyncLocalStorage, once run,
// turns on async hooks for the rest of the process: every promise and every native handle (sockets, writes) made after
// the first page render pays an init hook, on every request, cached reads included. This app renders synchronously
// inside React's loop, where React keeps the request itself (its currentRequest), so the store is only a fallback.

/** A synchronous stand-in for node:async_hooks' AsyncLocalStorage: run() and getStore() only. */
export class AsyncLocalStorage<T> {
  private store: T | undefined;

  getStore(): T | undefined {
    return this.store;
  }

  run<R, A extends unknown[]>(store: T, callback: (...args: A) => R, ...args: A): R {
    const previous = this.store;
    this.store = store;
    try {
      return callback(...args);
    } finally {
      this.store = previous;
    }
  }
}

export default { AsyncLocalStorage };
