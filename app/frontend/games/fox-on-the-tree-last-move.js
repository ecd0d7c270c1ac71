// Fox on the Tree: what the last turn changed on the path, marked so that a player who looked
// away (or whose opponents are bots playing at once) sees it: the animals that moved, with the
// tile they came from, and a token just laid. The engine keeps it in the view (`last_move`,
// a public fact: every player watched it), so the first drawing has it: after a reload, and
// for a spectator who opens the table late. A new phase starts with none.

function tileWords(tile, tiles) {
  const kind = tiles[tile]?.kind;
  return kind === "farm" ? "the Farm" : kind === "lair" ? "the Lair" : `tile ${tile}`;
}

/** The last move on the path: {moved: Map(animal -> from tile), laid: Set(tile)}, or null. */
export function lastMove(env) {
  const last = env.view.last_move;
  if (!last) return null;
  return {
    moved: new Map(last.moved.map((m) => [m.animal, m.from])),
    laid: new Set(last.laid === null ? [] : [last.laid]),
  };
}

/** "moved from tile 3": where a moved animal came from, for its chip on the path. */
export function movedFrom(last, animal, tiles) {
  const from = last?.moved.get(animal);
  return from === undefined || from === null ? null : `moved from ${tileWords(from, tiles)}`;
}
