// The page's side of the engine Worker: requests as promises, and the ready/failed events.

export class Engine {
  constructor(url = "worker.js") {
    this.ready = false;
    this.failed = null;
    this.version = "";
    this.next = 1;
    this.pending = new Map();
    this.listeners = { ready: [], failed: [] };
    try {
      this.worker = new Worker(url, { type: "module" });
    } catch (err) {
      this.worker = null;
      queueMicrotask(() => this._fail(String(err && err.message ? err.message : err)));
      return;
    }
    this.worker.onmessage = (event) => this._receive(event.data || {});
    this.worker.onerror = (event) => {
      event.preventDefault();
      this._fail(event.message || "the engine's worker could not start");
    };
  }

  on(name, fn) {
    this.listeners[name].push(fn);
  }

  _fail(error) {
    if (this.ready || this.failed) return;
    this.failed = error;
    for (const fn of this.listeners.failed) fn(error);
    for (const { reject } of this.pending.values()) reject(new Error(`the engine did not load: ${error}`));
    this.pending.clear();
  }

  _receive(data) {
    if (data.event === "ready") {
      this.ready = true;
      this.version = data.version || "";
      for (const fn of this.listeners.ready) fn(this.version);
      return;
    }
    if (data.event === "failed") {
      this._fail(data.error || "unknown error");
      return;
    }
    const job = this.pending.get(data.id);
    if (!job) return;
    this.pending.delete(data.id);
    if (data.ok) job.resolve(data.result);
    else job.reject(new Error(data.error || "the engine refused"));
  }

  /** Ask the engine; resolves with the result or rejects with its clear message. */
  request(op, args = {}) {
    if (this.failed || !this.worker) return Promise.reject(new Error(`the engine did not load: ${this.failed}`));
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, op, args });
    });
  }
}
