// Where your chosen card would take you, for the preview outline on the board. Only a hint
// drawn from your own track; the server's reckoning is the authority.

import { spaceAt } from "./board.js";

const DELTA = { north: [-1, 0], east: [0, 1], south: [1, 0], west: [0, -1] };
const OPPOSITE = { north: "south", east: "west", south: "north", west: "east" };

function step(board, id, direction, count = 1) {
  let { row, col } = spaceAt(id);
  for (let i = 0; i < count; i += 1) {
    row = (row + DELTA[direction][0] + board.rows) % board.rows;
    col = (col + DELTA[direction][1] + board.cols) % board.cols;
  }
  return `r${row}c${col}`;
}

function tunnelExit(board, id) {
  const here = board.spaces.find((sp) => sp.id === id);
  if (!here || !here.tunnel) return null;
  const other = board.spaces.find((sp) => sp.tunnel === here.tunnel && sp.id !== id);
  return other ? other.id : null;
}

function sparrowLanding(board, id, direction) {
  let here = id;
  for (let i = 0; i < board.rows * board.cols; i += 1) {
    here = step(board, here, direction);
    if (board.spaces.find((sp) => sp.id === here)?.home) return here;
  }
  return here;
}

function triggerEnd(board, start, direction, animal) {
  switch (animal) {
    case "rabbit":
    case "badger":
      return tunnelExit(board, start) || step(board, start, direction);
    case "rat":
    case "fox":
      return step(board, start, OPPOSITE[direction]);
    case "sparrow":
      return sparrowLanding(board, start, direction);
    case "squirrel":
      return step(board, start, direction, 2);
    case "toad":
      return board.spaces.find((sp) => sp.healing)?.id || start;
    case "owl":
      return step(board, start, direction, 3);
    case "viper":
      return start;
    default:
      return step(board, start, direction);
  }
}

/** The space a play ends on from `start`, or null when the direction is still missing. */
export function destination(board, start, card, direction, animal) {
  if (!start || !card) return null;
  if (card === "stop") return start;
  if (!direction) return null;
  if (card === "double") return step(board, start, direction, 2);
  if (card === "trigger") return triggerEnd(board, start, direction, animal);
  return step(board, start, direction);
}
