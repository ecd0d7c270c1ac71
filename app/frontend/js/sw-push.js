// Web Push's handlers: an extension of Foxden's service worker (js/service-worker.js imports
// every js/sw-*.js; /sw.js serves them). The server's push is JSON {kind, title, body, tag,
// url, icon} (docs/api.md, "Notifications"): shown as one notification per tag (a match's id:
// a newer turn of the same match replaces the older one). A click focuses the window that
// shows that table already, or brings a Foxden window there, or opens one.
// Its names live in this function, not in the scope it shares with the worker (see there).

(() => {
  const worker = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
  const FALLBACK = { title: "Foxden", body: "Something happened at your table.", tag: "foxden", url: "/", icon: "/static/icons/foxden-192.png" };

  worker.addEventListener("push", (event) => {
    event.waitUntil(show(read(event.data)));
  });

  worker.addEventListener("notificationclick", (event) => {
    event.notification.close();
    event.waitUntil(open(event.notification.data && event.notification.data.url));
  });

  /** The push's message; a push that is not ours still shows something (browsers require a
   *  notification for every push a page subscribed to see), never its raw bytes. */
  function read(data) {
    try {
      const message = data ? data.json() : null;
      return message && typeof message.title === "string" ? { ...FALLBACK, ...message } : FALLBACK;
    } catch {
      return FALLBACK;
    }
  }

  function show(message) {
    return worker.registration.showNotification(message.title, {
      body: message.body,
      icon: message.icon,
      tag: message.tag,
      data: { url: ownUrl(message.url) },
    });
  }

  /** The link on this worker's own origin: a push never sends a window elsewhere. */
  function ownUrl(url) {
    const link = new URL(typeof url === "string" ? url : "/", worker.location.origin);
    return new URL(link.pathname + link.search + link.hash, worker.location.origin).href;
  }

  async function open(url) {
    const target = new URL(typeof url === "string" ? url : "/", worker.location.origin);
    const windows = await worker.clients.matchAll({ type: "window", includeUncontrolled: true });
    const there = windows.find((client) => new URL(client.url).pathname === target.pathname);
    if (there) {
      await there.focus();
      return;
    }
    if (windows.length) {
      const focused = await windows[0].focus();
      await focused.navigate(target.href);
      return;
    }
    await worker.clients.openWindow(target.href);
  }
})();
