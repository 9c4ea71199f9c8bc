// The page's side of the service worker (sw.js): register it, and learn when a new build
// has been installed and waits.
//
//   import { registerServiceWorker } from "./pwa.js";
//   registerServiceWorker({ onUpdate: (apply) => offerUpdate(apply) });
//
// `onUpdate(apply)` is called once a new build waits; `apply()` switches to it and reloads
// the page (call it when the player agrees, or never: the new build starts next time all
// the app's tabs are closed). Resolves to the registration, or null where service workers
// are not available (a file: page, an old browser) or sw.js is not there.

export async function registerServiceWorker({ onUpdate = () => {}, url = "./sw.js" } = {}) {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return null;
  let registration;
  try {
    registration = await navigator.serviceWorker.register(url, { scope: "./", type: "classic" });
  } catch {
    return null;
  }
  let reloading = false;
  const apply = () => {
    const waiting = registration.waiting;
    if (!waiting) return;
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      if (reloading) return;
      reloading = true;
      window.location.reload();
    });
    waiting.postMessage({ type: "skip-waiting" });
  };
  const announce = () => {
    // A waiting worker beside an active one is an update; the first install is not.
    if (registration.waiting && navigator.serviceWorker.controller) onUpdate(apply);
  };
  announce();
  registration.addEventListener("updatefound", () => {
    const installing = registration.installing;
    if (!installing) return;
    installing.addEventListener("statechange", () => {
      if (installing.state === "installed") announce();
    });
  });
  return registration;
}
