// Makes Foxden an installable app: registers the service worker (/sw.js, docs/frontend.md),
// which keeps this release's assets for the tables and shows the offline page when the
// network is gone. Every page loads this through ui.js. A browser without service workers
// (or one that refuses it, e.g. in a private window) simply goes on without them.

function register() {
  navigator.serviceWorker.register("/sw.js", { scope: "/" })
    .catch((error) => console.warn("Foxden works without its service worker here:", error));
}

if ("serviceWorker" in navigator) {
  // After the page has loaded: the precaching must not compete with the page's own requests.
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
