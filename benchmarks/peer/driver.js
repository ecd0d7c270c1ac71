// The peer's load driver: benchmarks/load.py's semantics, for boardgame.io.
//
// N matches in play for the whole run, each with two `Client`s of boardgame.io (one socket.io
// WebSocket per seat, as Foxden's load generator opens one WebSocket per seat). The seat to act
// sends a random legal move the moment it holds the newest state; the latency of a move runs
// from sending it until BOTH seats' clients hold the state with the next `_stateID`. When a
// match ends, the next one of its slot starts (matches are created and joined through the lobby
// API ahead of the run, as load.py opens its tables ahead). Each run plays a warm-up first
// (V8 compiles the hot paths during it) and measures the `--seconds` after it.
//
//     node benchmarks/peer/driver.js --url http://127.0.0.1:8010 [--server-pid PID]
//          [--matches 20] [--seconds 8] [--runs 3] [--warmup 2]
//
// Prints each run, the medians, and last a JSON line ({"runs": [...], "median": {...}}) for
// benchmarks/peer.py. The server's CPU is read from /proc/<server-pid>/stat, the driver's own
// from process.cpuUsage().
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { FoxInTheForest, legalMoves } from './game.js';
import { medians, ownCpuSeconds, percentileMs, processCpuSeconds, rssKib } from './measure.js';
import { pick, seededRandom } from './seeded.js';

// boardgame.io's subpaths are CommonJS directories (see game.js): `require` resolves them.
const require = createRequire(import.meta.url);
const { Client } = require('boardgame.io/client');
const { SocketIO } = require('boardgame.io/multiplayer');

const SEATS = ['0', '1'];
// As load.py: the shortest a match lasts at full speed, for the matches created ahead of a run.
const SECONDS_PER_MATCH = 0.5;
// As load.py's `_any_change`: a lost push costs a pause, not a hung run.
const WAIT_MS = 5000;
// One WebSocket of its own per seat: socket.io would start on HTTP long polling, and would
// share one connection among the clients of a process (Foxden's generator opens a socket each).
const SOCKET_OPTIONS = { transports: ['websocket'], forceNew: true };

function options() {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: 'http://127.0.0.1:8010' },
      'server-pid': { type: 'string', default: '' },
      matches: { type: 'string', default: '20' },
      seconds: { type: 'string', default: '8' },
      runs: { type: 'string', default: '3' },
      warmup: { type: 'string', default: '2' },
    },
  });
  return {
    url: values.url,
    serverPid: Number(values['server-pid']) || 0,
    matches: Number(values.matches),
    seconds: Number(values.seconds),
    runs: Number(values.runs),
    warmup: Number(values.warmup),
  };
}

/** A POST to boardgame.io's lobby API for this game. */
async function lobby(url, path, body) {
  const response = await fetch(`${url}/games/${FoxInTheForest.name}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`lobby ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A match created and both its seats joined through the lobby, as players would: its id and
 * each seat's credentials (the server checks them on every move). */
async function openMatch(url, index) {
  const { matchID } = await lobby(url, 'create', { numPlayers: SEATS.length });
  const credentials = [];
  for (const playerID of SEATS) {
    const joined = await lobby(url, `${matchID}/join`, { playerID, playerName: `${playerID}-${index}` });
    credentials.push(joined.playerCredentials);
  }
  return { matchID, credentials };
}

/** One of the N matches in play: the matches created for it ahead of the run. */
class Slot {
  constructor(url, index) {
    this.url = url;
    this.index = index;
    this.tables = [];
    this.opened = 0; // every match created for this slot, ahead or during the run
  }

  async open() {
    this.opened += 1;
    return openMatch(this.url, this.index);
  }
}

async function prepareSlot(url, index, seconds) {
  const slot = new Slot(url, index);
  for (let i = 0; i < Math.max(2, Math.ceil(seconds / SECONDS_PER_MATCH)); i++) {
    slot.tables.push(await slot.open());
  }
  return slot;
}

/** Wakes whoever waits on a match when any of its seats sees something new (load.py's
 * `changed` event); a wait gives up after `ms`. */
class Signal {
  constructor() {
    this.waiters = [];
  }

  notify() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  wait(ms = WAIT_MS) {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}

/** One seat's client as the driver reads it: the newest state and when each `_stateID`
 * arrived (load.py's `Seat`). */
class Seat {
  constructor(url, table, playerID, changed) {
    this.playerID = playerID;
    this.stateID = -1;
    this.state = null;
    this.arrived = new Map();
    this.client = Client({
      game: FoxInTheForest,
      matchID: table.matchID,
      playerID,
      credentials: table.credentials[Number(playerID)],
      multiplayer: SocketIO({ server: url, socketOpts: SOCKET_OPTIONS }),
      debug: false,
    });
    this.client.subscribe((state) => {
      if (state && state._stateID > this.stateID) {
        this.stateID = state._stateID;
        this.state = state;
        if (!this.arrived.has(state._stateID)) this.arrived.set(state._stateID, performance.now());
        changed.notify();
      }
    });
    this.client.start();
  }

  send({ move, args }) {
    this.client.moves[move](...args);
  }
}

/** The slot's matches one after another until the deadline. */
async function playSlot(slot, window, latencies) {
  let actions = 0;
  let errors = 0;
  while (performance.now() < window.deadline) {
    const table = slot.tables.shift() ?? (await slot.open());
    const played = await playMatch(slot.url, table, window, latencies);
    actions += played.actions;
    errors += played.errors;
  }
  return { actions, errors };
}

/** One match: random legal moves until it ends or the deadline passes. */
async function playMatch(url, table, window, latencies) {
  const changed = new Signal();
  const seats = SEATS.map((playerID) => new Seat(url, table, playerID, changed));
  const random = seededRandom(table.matchID);
  let actions = 0;
  let errors = 0;
  try {
    while (performance.now() < window.deadline) {
      const newest = seats.reduce((a, b) => (b.stateID > a.stateID ? b : a)).state;
      if (newest === null) {
        await changed.wait(); // not synced yet
        continue;
      }
      if (newest.ctx.gameover !== undefined) break;
      const seat = seats[Number(newest.ctx.currentPlayer)];
      if (seat.stateID < newest._stateID) {
        await changed.wait(); // the seat to act does not hold the newest state yet
        continue;
      }
      const moves = legalMoves(seat.state.G, seat.state.ctx, seat.playerID);
      if (moves.length === 0) {
        errors += 1; // a view the rules cannot act on: an error of the game or of the driver
        await changed.wait();
        continue;
      }
      const next = seat.stateID + 1;
      const sent = performance.now();
      seat.send(pick(random, moves));
      const answered = () => seats.every((s) => s.arrived.has(next));
      while (!answered() && performance.now() - sent < WAIT_MS) await changed.wait();
      if (!answered()) {
        errors += 1; // refused (boardgame.io answers an invalid move with nothing) or lost
        continue;
      }
      if (sent >= window.start) {
        latencies.push((Math.max(...seats.map((s) => s.arrived.get(next))) - sent) / 1000);
        actions += 1;
      }
    }
  } finally {
    for (const seat of seats) seat.client.stop();
  }
  return { actions, errors };
}

async function runOnce({ url, serverPid, matches, seconds, warmup }) {
  const rssBefore = rssKib(serverPid);
  const slots = await Promise.all(
    Array.from({ length: matches }, (_, index) => prepareSlot(url, index, warmup + seconds)),
  );
  const latencies = [];
  const started = performance.now();
  // Moves sent from `start` on are counted; the CPU is read when the warm-up ends.
  const window = { start: Infinity, deadline: started + (warmup + seconds) * 1000 };
  let before = null;
  setTimeout(() => {
    window.start = performance.now();
    before = { server: processCpuSeconds(serverPid), driver: ownCpuSeconds() };
  }, warmup * 1000);
  const results = await Promise.all(slots.map((slot) => playSlot(slot, window, latencies)));
  const elapsed = (performance.now() - window.start) / 1000;
  const serverCpu = processCpuSeconds(serverPid) - before.server;
  const driverCpu = ownCpuSeconds() - before.driver;
  latencies.sort((a, b) => a - b);
  const actions = results.reduce((sum, r) => sum + r.actions, 0);
  const perAction = (cpu) => (cpu / Math.max(1, actions)) * 1000;
  return {
    actions,
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    per_second: actions / elapsed,
    p50_ms: percentileMs(latencies, 0.5),
    p95_ms: percentileMs(latencies, 0.95),
    p99_ms: percentileMs(latencies, 0.99),
    p999_ms: percentileMs(latencies, 0.999),
    server_cpu_ms_per_action: perAction(serverCpu),
    // Every match stays in the server's memory (boardgame.io keeps each one, log included).
    server_kib_per_match:
      (rssKib(serverPid) - rssBefore) / slots.reduce((sum, slot) => sum + slot.opened, 0),
    // The driver shares the cores: what it costs is CPU the server cannot have.
    client_cpu_ms_per_action: perAction(driverCpu),
  };
}

function rounded(figures) {
  return Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, Math.round(v * 10) / 10]));
}

function summary(options, middle) {
  return (
    `median of ${options.runs} runs, boardgame.io 0.50.2 in memory, 1 process, ` +
    `${options.matches} concurrent matches (${options.warmup} s of warm-up, ` +
    `${options.seconds} s measured): ${middle.per_second.toFixed(0)} actions/s, ` +
    `p50 ${middle.p50_ms.toFixed(1)} ms, p95 ${middle.p95_ms.toFixed(1)} ms, ` +
    `p99 ${middle.p99_ms.toFixed(1)} ms, p99.9 ${middle.p999_ms.toFixed(1)} ms, ` +
    `${middle.server_cpu_ms_per_action.toFixed(2)} ms of server CPU per action, ` +
    `${middle.server_kib_per_match.toFixed(0)} KiB of server memory per match, ` +
    `${middle.client_cpu_ms_per_action.toFixed(2)} ms of driver CPU per action, ` +
    `${middle.errors.toFixed(0)} errors`
  );
}

async function main() {
  const chosen = options();
  const runs = [];
  for (let run = 0; run < chosen.runs; run++) {
    runs.push(await runOnce(chosen));
    console.log(JSON.stringify(rounded(runs.at(-1))));
  }
  const middle = medians(runs);
  console.log(summary(chosen, middle));
  console.log(JSON.stringify({ runs, median: middle }));
  // socket.io's clients may keep timers a while after they stop: the run is over.
  process.exit(0);
}

await main();
