// fetch wrapper for /api/v1: sends the guest token, speaks JSON and turns every refusal into
// an ApiError carrying the server's stable {code, message}.

import { identity } from "./identity.js";

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/**
 * api("/lobbies", {method: "POST", body: {...}}) -> parsed JSON (null for 204).
 * `token`: the bearer to send; null sends none; left out, the page's own identity's.
 * @param {string} path
 * @param {{ method?: string, body?: unknown, token?: string | null }} [options]
 * @returns {Promise<any>}
 */
export async function api(path, { method = "GET", body, token } = {}) {
  const headers = { accept: "application/json" };
  const bearer = token === undefined ? identity()?.token : token;
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  let response;
  try {
    response = await fetch("/api/v1" + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, "network/unreachable", "The server could not be reached.");
  }
  const text = await response.text();
  const data = text ? safeJson(text) : null;
  if (!response.ok) {
    const error = data && data.error ? data.error : {};
    throw new ApiError(response.status, error.code || "http/" + response.status,
      error.message || `The server answered ${response.status}.`);
  }
  return data;
}

function safeJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** ws://host/api/v1/... for the page's own origin. */
export function socketUrl(path) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}/api/v1${path}`;
}

/** @type {Promise<any[]> | null} The game catalogue, fetched once per page. */
let gamesPromise = null;
export function games() {
  if (!gamesPromise) gamesPromise = api("/games", { token: null });
  return gamesPromise;
}

export async function gameById(id) {
  return (await games()).find((game) => game.id === id) || null;
}
