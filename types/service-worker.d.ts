// What the type check of the service worker (tsconfig.worker.json) needs to know beyond the
// WebWorker library: the release that /sw.js declares above js/service-worker.js
// (app/web/installable.py). Extension scripts (js/sw-*.js) may read it too.

/** This release, as app/web/release.py `Release.worker_data()` writes it. */
declare const FOXDEN_RELEASE: {
  /** The hash of every frontend file's path and content: names the cache. */
  version: string;
  /** What the worker precaches; integrity is "sha256-<base64>" of the file's bytes. */
  assets: Array<{ url: string; integrity: string }>;
  /** The extension scripts' URLs (/static/js/sw-*.js), imported in this order. */
  extensions: string[];
};
