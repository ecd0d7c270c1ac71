// The side panels of the match page: players, log (GET .../log, kept current) and chat.

import { api } from "./api.js";
import { botMark } from "./bot-mark.js";
import { h, replace } from "./dom.js";
import { humanize } from "./options-form.js";
import { toast } from "./ui.js";

/* ---------- players ---------- */

/** One line per seat: name, bot badge, connected (in words too), score, turn, you. */
/** The players, with "to play" on the seats in `acting` (the seats the table waits for). */
export function playerList(envelope, acting, className = "players") {
  const scores = scoresOf(envelope);
  return h("ul", { class: className }, envelope.seats.map((seat) => {
    const turn = acting.includes(seat.seat) && envelope.status === "active";
    return h("li", { class: ["player", turn && "to-act", seat.seat === envelope.seat && "me"], dataset: { seat: seat.seat } },
      h("span", { class: ["dot", seat.connected ? "online" : "offline"], title: seat.connected ? "connected" : "away" }),
      h("span", { class: "sr-only" }, seat.connected ? "connected" : "away"),
      seat.player_id
        ? h("a", { class: "player-name", href: `/players/${encodeURIComponent(seat.player_id)}` }, seat.name)
        : h("span", { class: "player-name" }, seat.name),
      botMark(seat),
      seat.bot ? h("span", { class: "badge badge-bot", title: `Plays the ${seat.bot} strategy` }, "Bot") : null,
      seat.seat === envelope.seat ? h("span", { class: "badge badge-you" }, "you") : null,
      scores && scores[seat.seat] !== undefined
        ? h("span", { class: "player-score" }, `${scores[seat.seat]} ${scores[seat.seat] === 1 ? "pt" : "pts"}`) : null,
      turn ? h("span", { class: "turn-mark" }, "to play") : null);
  }));
}

/** Numeric scores per seat, if the game shows any: the outcome's once over, else the view's. */
function scoresOf(envelope) {
  const source = envelope.outcome ? envelope.outcome.scores : envelope.view && envelope.view.scores;
  if (!Array.isArray(source) || !source.every((score) => typeof score === "number")) return null;
  return source;
}

/* ---------- log ---------- */

export class LogPanel {
  constructor(matchId) {
    this.matchId = matchId;
    this.after = 0;
    this.loadedVersion = -1;
    // Focusable, so a keyboard scrolls it; not live: match-cues.js speaks new lines, once.
    this.list = h("ol", { class: "log", id: "log-list", tabindex: "0", "aria-label": "Match log" });
    this.node = h("div", { class: "log-wrap" }, this.list);
    this.queue = Promise.resolve();
    this.finishedLoaded = false;
    // Memory rules fade entries of earlier tricks: when the horizon moves, lines already on
    // screen may name cards nobody may look at any more, so the whole log is read again.
    this.forgotten = 0;
  }

  /** Called with every envelope; fetches only what is new (one request at a time). */
  update(envelope) {
    if (envelope.version <= this.loadedVersion) return;
    const reloadAll = envelope.status !== "active" && !this.finishedLoaded;
    this.queue = this.queue.then(() => this.fetch(envelope.version, reloadAll));
  }

  async fetch(version, reloadAll) {
    if (version <= this.loadedVersion && !reloadAll) return;
    if (reloadAll) {
      // Once the match is over everyone sees every entry: reload the whole story.
      this.finishedLoaded = true;
      this.after = 0;
      replace(this.list);
    }
    try {
      let log = await this.read(this.after);
      // The match ended after this envelope (a log carries the replay only once it is over):
      // its last entries tell the end, which waits for the finished envelope and its replay.
      if (log.replay && !reloadAll) return;
      if (log.forgotten_before > this.forgotten) {
        this.forgotten = log.forgotten_before;
        if (this.after > 0) {
          log = await this.read(0);
          this.after = 0;
          replace(this.list);
        }
      }
      for (const entry of log.entries) this.add(entry);
      this.loadedVersion = Math.max(version, log.version);
    } catch (failure) {
      if (failure.status !== 429) toast("Could not load the log: " + failure.message, "error");
    }
  }

  read(after) {
    return api(`/matches/${encodeURIComponent(this.matchId)}/log?after=${after}`);
  }

  add(entry) {
    this.after = Math.max(this.after, entry.seq);
    const item = h("li", { class: ["log-entry", entry.private && "private", entry.faded && "faded"], dataset: { seq: entry.seq } },
      entry.private ? h("span", { class: "badge badge-private", title: "Only you saw this during play" }, "private") : null,
      " ", entry.text);
    this.list.append(item);
    this.list.scrollTop = this.list.scrollHeight;
  }
}

/* ---------- chat ---------- */

const REACTION_WORDS = { nice: "Nice!", oops: "Oops!", good_luck: "Good luck!" };

function reactionWord(reaction) {
  return REACTION_WORDS[reaction] || humanize(reaction);
}

// The table's own lines (a player left, a player is back: app/matches/seats.py) come with
// kind "notice", and their text is a whole sentence that names the player.
function isTableNotice(message) {
  return message.kind === "notice";
}

export class ChatPanel {
  constructor(matchId) {
    this.matchId = matchId;
    this.seen = new Set();
    this.seated = false;
    this.reactions = [];
    this.freeChat = false;
    this.list = h("ol", { class: "chat", id: "chat-list", "aria-live": "polite", tabindex: "0", "aria-label": "Chat messages" });
    this.controls = h("div", { class: "chat-controls" });
    this.node = h("div", { class: "chat-wrap" }, this.list, this.controls);
  }

  async load(seated) {
    this.seated = seated;
    try {
      const chat = await api(`/matches/${encodeURIComponent(this.matchId)}/chat?after=0`);
      this.reactions = chat.reactions || [];
      this.freeChat = !!chat.free_chat;
      for (const message of chat.messages) this.add(message);
    } catch (failure) {
      replace(this.controls, h("p", { class: "muted" }, "Chat is not available: " + failure.message));
      return;
    }
    this.drawControls();
  }

  drawControls() {
    if (!this.seated) {
      replace(this.controls, h("p", { class: "muted" }, "Spectators read the chat."));
      return;
    }
    const reactionButtons = h("div", { class: "row reactions" }, this.reactions.map((reaction) =>
      h("button", { class: "small", dataset: { reaction }, onclick: () => this.post({ reaction }) },
        reactionWord(reaction))));
    if (!this.freeChat) {
      replace(this.controls, h("p", { class: "muted" }, "This game allows preset reactions only."), reactionButtons);
      return;
    }
    const input = h("input", { id: "chat-input", maxlength: 300, autocomplete: "off", placeholder: "Say something" });
    const form = h("form", { class: "row chat-form" },
      h("label", { for: "chat-input", class: "sr-only" }, "Chat message"), input,
      h("button", { type: "submit", class: "small" }, "Send"));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      if (await this.post({ text })) input.value = "";
    });
    replace(this.controls, form, reactionButtons);
  }

  async post(body) {
    try {
      this.add(await api(`/matches/${encodeURIComponent(this.matchId)}/chat`, { method: "POST", body }));
      return true;
    } catch (failure) {
      toast(failure.message, "error");
      return false;
    }
  }

  /** A message from the list, our own POST or a WS push; each shown once. */
  add(message) {
    if (this.seen.has(message.seq)) return;
    this.seen.add(message.seq);
    if (isTableNotice(message)) {
      // Said by the table about a player, not by the player: a system line, no "Name:".
      this.list.append(h("li", { class: "chat-message chat-notice" }, message.text));
    } else {
      const body = message.reaction ? h("em", {}, reactionWord(message.reaction)) : message.text;
      this.list.append(h("li", { class: "chat-message" }, h("strong", {}, message.name + ": "), body));
    }
    this.list.scrollTop = this.list.scrollHeight;
  }
}
