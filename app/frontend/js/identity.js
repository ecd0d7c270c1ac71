// The guest identity ({id, name, token}) kept in localStorage under "foxden.identity".
// Changing name makes a new identity: the server has no rename, and a fresh guest is cheap.

import { api } from "./api.js";

const KEY = "foxden.identity";

export function identity() {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) || "null");
    return stored && stored.token ? stored : null;
  } catch {
    return null;
  }
}

/** Create a guest on the server and remember it. */
export async function createIdentity(name) {
  const created = await api("/players", { method: "POST", body: { name }, token: null });
  localStorage.setItem(KEY, JSON.stringify(created));
  return created;
}

/** Remember an identity made elsewhere (signing in to an account: {id, name, token, username}). */
export function rememberIdentity(value) {
  localStorage.setItem(KEY, JSON.stringify(value));
}

export function forgetIdentity() {
  localStorage.removeItem(KEY);
}

/** Forget `token` if it is still the one kept: a token revoked elsewhere (this device was
 * signed out) must not be sent again, but another tab may have signed in anew meanwhile. */
export function forgetToken(token) {
  const stored = identity();
  if (stored && stored.token === token) forgetIdentity();
}
