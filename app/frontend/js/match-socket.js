// The match WebSocket: hello (with the token, or none for a spectator), envelopes, acts,
// chat pushes, errors; reconnects with backoff and resyncs by saying hello again. Once the
// match is over the server sends an `end` frame and closes with 1000: no reconnecting then.

import { socketUrl } from "./api.js";

const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 10000;
const PING_MS = 25000;
// 1012: the server process is stopping (a rolling restart) after answering what it had; come
// back at once, with jitter so a whole room does not arrive in the same millisecond.
const SERVICE_RESTART = 1012;
const RESTART_RETRY_MS = 100;
const RESTART_JITTER_MS = 400;

export class MatchSocket {
  /**
   * handlers: onEnvelope(envelope), onChat(message), onError({code, message, id}),
   * onEnd({match_id, version, status, outcome}),
   * onState("connecting" | "connected" | "reconnecting" | "closed" | "ended").
   */
  constructor(matchId, token, handlers) {
    this.matchId = matchId;
    this.token = token || null;
    this.handlers = handlers;
    this.version = null;
    this.retryMs = FIRST_RETRY_MS;
    this.sequence = 0;
    this.stopped = false;
    this.ended = false;
    /** @type {WebSocket | null} */
    this.ws = null;
    /** @type {number | undefined} */
    this.retryTimer = undefined;
    /** @type {number | undefined} */
    this.pingTimer = undefined;
  }

  start() {
    this.stopped = false;
    this.open();
    // Coming back online or to the tab: do not wait for the backoff timer.
    window.addEventListener("online", () => this.reconnectNow());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.reconnectNow();
    });
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    if (this.ws) this.ws.close();
    this.setState("closed");
  }

  get connected() {
    return !!this.ws && this.ws.readyState === WebSocket.OPEN;
  }

  open() {
    clearTimeout(this.retryTimer);
    this.setState(this.version === null ? "connecting" : "reconnecting");
    const ws = new WebSocket(socketUrl(`/matches/${encodeURIComponent(this.matchId)}/ws`));
    this.ws = ws;
    ws.addEventListener("open", () => {
      ws.send(JSON.stringify({ type: "hello", token: this.token, version: this.version }));
    });
    ws.addEventListener("message", (event) => this.receive(ws, event.data));
    ws.addEventListener("close", (event) => this.closed(ws, event.code));
  }

  receive(ws, data) {
    let message;
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    if (message.type === "envelope") {
      // The first envelope proves the hello worked: only now are we "connected".
      this.retryMs = FIRST_RETRY_MS;
      this.setState("connected");
      this.startPings(ws);
      if (this.version === null || message.version >= this.version) {
        this.version = message.version;
        this.handlers.onEnvelope(message);
      }
    } else if (message.type === "end") {
      this.ended = true; // the close that follows is the last: see closed()
      this.handlers.onEnd?.(message);
    } else if (message.type === "chat") {
      this.handlers.onChat?.(message);
    } else if (message.type === "error") {
      // A refused or revoked token: watch as a spectator instead of looping on it.
      if (["auth/invalid", "auth/revoked"].includes(message.code)) this.token = null;
      this.handlers.onError?.(message);
    }
  }

  closed(ws, code) {
    if (ws !== this.ws) return;
    clearInterval(this.pingTimer);
    this.ws = null;
    if (this.stopped) return;
    if (this.ended) {
      // The match is over: nothing more will come, so no reconnect loop (and no pings).
      this.stopped = true;
      this.setState("ended");
      return;
    }
    this.setState("reconnecting");
    if (code === SERVICE_RESTART) {
      // Not a failure: no backoff, the next process is already serving.
      this.retryTimer = setTimeout(() => this.open(), RESTART_RETRY_MS + Math.random() * RESTART_JITTER_MS);
      return;
    }
    this.retryTimer = setTimeout(() => this.open(), this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
  }

  reconnectNow() {
    if (this.stopped || this.ended || this.ws) return;
    this.retryMs = FIRST_RETRY_MS;
    this.open();
  }

  startPings(ws) {
    clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => {
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: "ping" }));
    }, PING_MS);
  }

  setState(state) {
    if (state === this.state) return;
    this.state = state;
    this.handlers.onState?.(state);
  }

  /** Send an action for the envelope version it was chosen on; returns the frame id or null. */
  act(action, version) {
    if (!this.connected || !this.ws) return null;
    this.sequence += 1;
    const id = `c-${this.sequence}-${Math.random().toString(36).slice(2, 8)}`;
    this.ws.send(JSON.stringify({ type: "act", action, version, id }));
    return id;
  }

  /** Ask the server for the current envelope again (after a refused action, say). */
  resync() {
    if (this.connected && this.ws) this.ws.send(JSON.stringify({ type: "hello", token: this.token, version: this.version }));
  }
}
