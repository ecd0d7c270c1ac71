// A seeded random playout of the peer's game through boardgame.io's own master (its `Local`
// multiplayer: the server's reducer and view filtering, in process), checking what the
// benchmark relies on: every move the driver picks from a seat's view is accepted, illegal moves
// are refused, each seat sees its own hand only, no card is lost, and matches end.
// tests/benchmarks/test_peer_game.py runs it.
//
//     node benchmarks/peer/check.js [--moves 600] [--seed check]
//
// Prints a JSON line of counts; an assertion that fails ends it with a non-zero status.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { FoxInTheForest, HAND_SIZE, TARGET_SCORE, legalMoves } from './game.js';
import { pick, seededRandom } from './seeded.js';

// boardgame.io's subpaths are CommonJS directories (see game.js): `require` resolves them.
const require = createRequire(import.meta.url);
const { Client } = require('boardgame.io/client');
const { Local } = require('boardgame.io/multiplayer');

const SEATS = ['0', '1'];
const CARDS = 33;
const REFUSAL_EVERY = 7; // try an illegal move before every 7th move

/** The local master answers in a later turn of the event loop. */
function settle() {
  return new Promise((resolve) => setImmediate(resolve));
}

async function startMatch(game, matchID) {
  const multiplayer = Local();
  const clients = SEATS.map((playerID) => Client({ game, matchID, playerID, multiplayer, debug: false }));
  for (const client of clients) client.start();
  await settle();
  return clients;
}

/** What each seat's view shows: its own hand, the other hand's size, no draw deck; and all
 * 33 cards accounted for. */
function checkViews(states) {
  for (const [seat, state] of states.entries()) {
    const G = state.G;
    assert.deepEqual(Object.keys(G.hands), [SEATS[seat]], 'a seat sees its own hand only');
    assert.equal(G.hands[seat].length, G.handSizes[seat]);
    assert.equal(G.deck, undefined, 'the draw deck stays hidden');
    const taken = 2 * (G.tricksWon[0] + G.tricksWon[1]);
    const held = G.handSizes[0] + G.handSizes[1] + G.trick.length + taken;
    if (G.phase === 'play') assert.equal(held + G.deckSize + 1, CARDS, 'no card is lost');
  }
  assert.equal(states[0]._stateID, states[1]._stateID, 'both seats hold the same state');
}

/** An illegal move of the seat to act: a card of its hand that does not follow suit when it
 * could (the rule read afresh here, not through game.js), else the decree card (in nobody's
 * hand). Refused: the state stays where it was. */
async function checkRefusal(clients, seat) {
  const { G, _stateID } = clients[seat].getState();
  if (G.phase !== 'play') return 0;
  const hand = G.hands[seat];
  const led = G.trick[0]?.card.suit;
  const mustFollow = hand.some((card) => card.suit === led);
  const offSuit = mustFollow ? hand.find((card) => card.suit !== led) : undefined;
  clients[seat].moves.play(offSuit ?? G.decree);
  clients[1 - seat].moves.play(G.hands[seat][0]); // not its turn (and not its card)
  await settle();
  for (const client of clients) assert.equal(client.getState()._stateID, _stateID, 'refused');
  return 1;
}

async function main() {
  const { values } = parseArgs({
    options: {
      moves: { type: 'string', default: '600' },
      seed: { type: 'string', default: 'check' },
    },
  });
  const game = { ...FoxInTheForest, seed: values.seed };
  const random = seededRandom(values.seed);
  const counts = { moves: 0, refused: 0, matches: 1, rounds: 1 };
  let clients = await startMatch(game, `${values.seed}-1`);
  while (counts.moves < Number(values.moves)) {
    const states = clients.map((client) => client.getState());
    checkViews(states);
    if (states[0].ctx.gameover !== undefined) {
      const scores = Object.values(states[0].G.scores);
      assert.ok(Math.max(...scores) >= TARGET_SCORE, 'a match ends at the target score');
      for (const client of clients) client.stop();
      counts.matches += 1;
      counts.rounds += 1;
      clients = await startMatch(game, `${values.seed}-${counts.matches}`);
      continue;
    }
    const seat = Number(states[0].ctx.currentPlayer);
    if (counts.moves % REFUSAL_EVERY === 0) counts.refused += await checkRefusal(clients, seat);
    const moves = legalMoves(states[seat].G, states[seat].ctx, SEATS[seat]);
    assert.ok(moves.length > 0, 'the seat to act has a legal move');
    const { move, args } = pick(random, moves);
    clients[seat].moves[move](...args);
    await settle();
    for (const client of clients) {
      assert.equal(client.getState()._stateID, states[seat]._stateID + 1, `${move} accepted`);
    }
    if (move === 'deal') {
      counts.rounds += 1;
      assert.equal(clients[seat].getState().G.hands[seat].length, HAND_SIZE);
    }
    counts.moves += 1;
  }
  for (const client of clients) client.stop();
  console.log(JSON.stringify(counts));
}

await main();
