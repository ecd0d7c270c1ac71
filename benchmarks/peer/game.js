// The peer's game: a two-player trick game shaped like The Fox in the Forest, written for
// boardgame.io 0.50.2 the way its documentation writes games (moves on an immer draft of G,
// the turn order read from G, secrets hidden by playerView), so that `make bench-peer` measures
// boardgame.io doing what Foxden does: a server-authoritative move, validated on the server,
// a view per seat pushed to both seats.
//
// The rules kept (the rulebook in /work/shared/rules/): 33 cards, three suits of 1-11; 13 cards
// dealt to each player and a decree card turned up, whose suit is trump; the non-dealer leads
// the first trick, the follower must follow suit if they can, the highest trump wins, else the
// highest card of the led suit; the winner leads the next trick; after 13 tricks the round is
// scored on the chart, and the next dealer deals (a move of its own, as Foxden's `next_round`);
// the match ends after the round in which someone reaches 21 points.
// Of the odd cards' abilities, those that need no decision of their own are kept: 1 Swan (lose
// the trick, lead the next), 7 Treasure (a point to the trick's winner), 9 Witch (a single 9 is
// trump), 11 Monarch (a led 11 forces the 1 or the highest of its suit). Left out: 3 Fox
// (exchange the decree card) and 5 Woodcutter (draw, then discard), which each add a decision
// step (an action of its own in Foxden, so Foxden's matches have a few more actions per round).
import { createRequire } from 'node:module';

// boardgame.io 0.50 ships CommonJS with its subpaths as directories (`boardgame.io/core`), which
// Node's ES module resolution refuses; `require` resolves them as its documentation imports them.
const require = createRequire(import.meta.url);
const { INVALID_MOVE } = require('boardgame.io/core');

export const SUITS = ['bells', 'keys', 'moons'];
export const RANKS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
export const HAND_SIZE = 13;
export const TARGET_SCORE = 21;
const SWAN = 1;
const TREASURE = 7;
const WITCH = 9;
const MONARCH = 11;
const SEATS = ['0', '1'];

/** The round's points for a number of tricks won (the rulebook's chart). */
export function roundPoints(tricks) {
  if (tricks <= 3) return 6;
  if (tricks <= 6) return tricks - 3;
  if (tricks <= 9) return 6;
  return 0;
}

function other(seat) {
  return seat === '0' ? '1' : '0';
}

function sameCard(a, b) {
  return a.suit === b.suit && a.rank === b.rank;
}

/** Shuffle the 33 cards with boardgame.io's seeded random plugin and deal a round. */
function dealRound(G, random, dealer) {
  const deck = random.Shuffle(SUITS.flatMap((suit) => RANKS.map((rank) => ({ suit, rank }))));
  G.hands = { 0: deck.slice(0, HAND_SIZE), 1: deck.slice(HAND_SIZE, 2 * HAND_SIZE) };
  G.decree = deck[2 * HAND_SIZE];
  G.deck = deck.slice(2 * HAND_SIZE + 1); // the rest of the draw deck: nobody sees it
  G.dealer = dealer;
  G.leader = other(dealer);
  G.toAct = G.leader;
  G.trick = [];
  G.lastTrick = null;
  G.tricksWon = { 0: 0, 1: 0 };
  G.roundStart = { ...G.scores };
  G.round += 1;
  G.phase = 'play';
}

/** The cards `seat` may play now; reads only `seat`'s own hand, so it works on a seat's view. */
export function legalCards(G, seat) {
  const hand = G.hands[seat];
  if (G.trick.length === 0) return hand;
  const led = G.trick[0].card;
  const following = hand.filter((card) => card.suit === led.suit);
  if (following.length === 0) return hand;
  if (led.rank !== MONARCH) return following;
  // A led Monarch: the Swan of its suit or the highest card of its suit.
  const highest = Math.max(...following.map((card) => card.rank));
  return following.filter((card) => card.rank === SWAN || card.rank === highest);
}

/** Every move `seat` may make in `G` (the whole state or the seat's own view), as the driver
 * sends them: `{ move, args }`. */
export function legalMoves(G, ctx, seat) {
  if (ctx.gameover !== undefined || G.toAct !== seat) return [];
  if (G.phase === 'deal') return [{ move: 'deal', args: [] }];
  return legalCards(G, seat).map((card) => ({ move: 'play', args: [card] }));
}

/** The suit a played card counts as when the trick is decided: a single Witch is trump. */
function countsAs(card, trick, trump) {
  const witches = trick.filter((play) => play.card.rank === WITCH).length;
  return card.rank === WITCH && witches === 1 ? trump : card.suit;
}

function trickWinner(trick, trump) {
  const led = trick[0].card.suit;
  const trumps = trick.filter((play) => countsAs(play.card, trick, trump) === trump);
  const contenders = trumps.length > 0 ? trumps : trick.filter((play) => play.card.suit === led);
  return contenders.reduce((best, play) => (play.card.rank > best.card.rank ? play : best));
}

/** The winner takes the trick and its Treasures; the next leader is the winner, or the loser
 * who played a Swan (with two Swans, the loser leads as well). */
function finishTrick(G) {
  const winner = trickWinner(G.trick, G.decree.suit).seat;
  const loser = other(winner);
  const swanLost = G.trick.some((play) => play.seat === loser && play.card.rank === SWAN);
  G.tricksWon[winner] += 1;
  G.scores[winner] += G.trick.filter((play) => play.card.rank === TREASURE).length;
  G.lastTrick = { plays: G.trick, winner };
  G.trick = [];
  G.leader = swanLost ? loser : winner;
  G.toAct = G.leader;
  if (G.hands[0].length === 0) finishRound(G);
}

function finishRound(G) {
  for (const seat of SEATS) G.scores[seat] += roundPoints(G.tricksWon[seat]);
  if (Math.max(G.scores[0], G.scores[1]) >= TARGET_SCORE) {
    G.phase = 'over';
    G.result = matchResult(G);
    return;
  }
  // The next dealer deals in a move of its own, so the last trick and the scores stay on the
  // table for a while (Foxden's `next_round` step).
  G.phase = 'deal';
  G.toAct = other(G.dealer);
}

/** Most points wins; a tie goes to whoever gained more in the last round; else a draw. */
function matchResult(G) {
  const [a, b] = [G.scores[0], G.scores[1]];
  if (a !== b) return { winner: a > b ? '0' : '1' };
  const gained = SEATS.map((seat) => G.scores[seat] - G.roundStart[seat]);
  if (gained[0] !== gained[1]) return { winner: gained[0] > gained[1] ? '0' : '1' };
  return { draw: true };
}

function play({ G, playerID }, card) {
  if (G.phase !== 'play' || G.toAct !== playerID) return INVALID_MOVE;
  const allowed = legalCards(G, playerID);
  if (!card || !allowed.some((legal) => sameCard(legal, card))) return INVALID_MOVE;
  const hand = G.hands[playerID];
  const played = hand.splice(
    hand.findIndex((held) => sameCard(held, card)),
    1,
  )[0];
  G.trick.push({ seat: playerID, card: played });
  if (G.trick.length === 2) finishTrick(G);
  else G.toAct = other(playerID);
}

function deal({ G, playerID, random }) {
  if (G.phase !== 'deal' || G.toAct !== playerID) return INVALID_MOVE;
  dealRound(G, random, playerID);
}

/** Each seat sees its own hand, the other hand's size and nothing of the draw deck, as
 * Foxden's views show them; a spectator sees no hand. */
function playerView({ G, playerID }) {
  const { hands, deck, ...open } = G;
  const mine = SEATS.includes(playerID) ? { [playerID]: hands[playerID] } : {};
  return {
    ...open,
    hands: mine,
    handSizes: { 0: hands[0].length, 1: hands[1].length },
    deckSize: deck.length,
  };
}

export const FoxInTheForest = {
  name: 'fox-in-the-forest',
  minPlayers: 2,
  maxPlayers: 2,
  setup: ({ random }) => {
    const G = { scores: { 0: 0, 1: 0 }, round: 0 };
    dealRound(G, random, String(random.Die(2) - 1));
    return G;
  },
  // `client: false`: the server alone runs a move (it needs the hidden hands and the random
  // plugin); without it, the acting client would apply the move to its own copy first and
  // count it as the new state before the server had seen it.
  moves: {
    play: { move: play, client: false },
    deal: { move: deal, client: false },
  },
  // One move per turn; whoever is to act (G.toAct) has the next turn.
  turn: {
    minMoves: 1,
    maxMoves: 1,
    order: {
      first: ({ G, ctx }) => ctx.playOrder.indexOf(G.toAct),
      next: ({ G, ctx }) => ctx.playOrder.indexOf(G.toAct),
    },
  },
  endIf: ({ G }) => (G.phase === 'over' ? G.result : undefined),
  playerView,
};
