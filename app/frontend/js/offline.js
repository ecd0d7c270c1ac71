// The offline page (/offline): the service worker shows it in place of any page it could not
// fetch, at that page's address. It opens the page asked for once the connection is back.
// Opened at /offline itself there is nothing to go back to: "Try again" goes home.

import { byId } from "./dom.js";
import { siteHeader } from "./ui.js";

// While the device says it is online, the server itself was out of reach (or the connection
// came back after this page was shown): ask it now and then whether it answers again.
const PROBE_MS = 5000;

const STANDING_IN = location.pathname !== "/offline";

/** Reload the page asked for; at /offline itself, go home. */
function reopen() {
  byId("offline-status").textContent = "Trying again…";
  if (STANDING_IN) location.reload();
  else location.assign("/");
}

async function probe() {
  if (!navigator.onLine) return; // no request while there is no network: "online" reopens
  try {
    const answer = await fetch("/readyz", { cache: "no-store" });
    if (answer.ok) reopen();
  } catch {
    // Still out of reach: the next probe asks again.
  }
}

byId("app").prepend(siteHeader());
if (!STANDING_IN) byId("offline-status").textContent = "Try again to open Foxden's home page.";
byId("offline-retry").addEventListener("click", reopen);
if (STANDING_IN) {
  window.addEventListener("online", reopen);
  setInterval(probe, PROBE_MS);
}
