// After the match is over the server ends the socket (an `end` frame, then a close with
// 1000): nothing on the table changes any more. The talk at the table after a match ("good
// game", a rematch?) still reaches everyone: the chat is read over REST every few seconds
// while the page is visible, from the last message shown.

import { api } from "./api.js";

const CHAT_POLL_MS = 5000;

/** Keep `chat` (a ChatPanel) fresh without a socket; returns a function that stops it. */
export function followChatAfterEnd(chat, matchId) {
  let stopped = false;
  let timer = null;
  const poll = async () => {
    if (stopped) return;
    if (document.visibilityState === "visible") {
      const after = Math.max(0, ...chat.seen);
      try {
        const fresh = await api(`/matches/${encodeURIComponent(matchId)}/chat?after=${after}`);
        for (const message of fresh.messages) chat.add(message);
      } catch {
        // A blip (offline, a restart): the next poll tries again.
      }
    }
    if (!stopped) timer = setTimeout(poll, CHAT_POLL_MS);
  };
  timer = setTimeout(poll, CHAT_POLL_MS);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
