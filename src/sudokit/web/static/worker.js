// The engine: sudokit's own Python package running in Pyodide, in a Web Worker so the page
// never waits for it. Everything it needs comes from this site (./pyodide/, ./wheels/,
// ./site.json): no request leaves the origin. It posts {event: "ready", version} or
// {event: "failed", error}, then answers {id, op, args} with {id, ok: true, result} or
// {id, ok: false, error}, by calling sudokit.web.bridge.handle(json) -> json.

let bridge = null;
const waiting = [];

async function fetchOk(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

async function start() {
  const site = await (await fetchOk("./site.json")).json();
  const { loadPyodide } = await import("./pyodide/pyodide.mjs");
  const base = new URL("./pyodide/", self.location.href).href;
  const pyodide = await loadPyodide({ indexURL: base, packages: [] });
  for (const name of site.wheels || []) {
    const bytes = new Uint8Array(await (await fetchOk(`./wheels/${name}`)).arrayBuffer());
    pyodide.unpackArchive(bytes, "wheel");
  }
  const module = pyodide.pyimport("sudokit.web.bridge");
  bridge = module.handle;
  const version = pyodide.runPython("import sudokit; sudokit.__version__");
  return version;
}

function answer(message) {
  const { id, op, args } = message || {};
  try {
    const text = bridge(JSON.stringify({ op, args: args || {} }));
    const result = JSON.parse(text);
    if (result && typeof result === "object" && !Array.isArray(result) && "error" in result && Object.keys(result).length === 1) {
      self.postMessage({ id, ok: false, error: String(result.error) });
    } else {
      self.postMessage({ id, ok: true, result });
    }
  } catch (err) {
    self.postMessage({ id, ok: false, error: `the engine failed on ${op}: ${err && err.message ? err.message : err}` });
  }
}

self.onmessage = (event) => {
  if (bridge) answer(event.data);
  else waiting.push(event.data);
};

start().then(
  (version) => {
    self.postMessage({ event: "ready", version: String(version) });
    while (waiting.length) answer(waiting.shift());
  },
  (err) => {
    const error = err && err.message ? err.message : String(err);
    self.postMessage({ event: "failed", error });
    while (waiting.length) {
      const { id } = waiting.shift() || {};
      self.postMessage({ id, ok: false, error: `the engine did not load: ${error}` });
    }
    self.onmessage = (event) => self.postMessage({ id: event.data && event.data.id, ok: false, error: `the engine did not load: ${error}` });
  },
);
