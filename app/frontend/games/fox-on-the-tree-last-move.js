// Fox on the Tree: what the last move changed on the path, marked so that a player who looked
// away (or whose opponents are bots playing at once) sees it: the animals that moved, with the
// tile they came from, and a token just laid. Found by comparing the table with the one before;
// kept until a later table moves something again (an escape question moves nothing).

const remembered = new Map(); // match id -> {moved: Map(animal -> from tile), laid: Set(tile)}

function tileWords(tile, tiles) {
  const kind = tiles[tile]?.kind;
  return kind === "farm" ? "the Farm" : kind === "lair" ? "the Lair" : `tile ${tile}`;
}

function changes(before, now) {
  if (!before || before.phase !== now.phase) return null;
  const moved = new Map();
  for (const info of now.animals) {
    const was = before.animals.find((a) => a.animal === info.animal);
    if (was && was.tile !== info.tile && info.tile !== null) moved.set(info.animal, was.tile);
  }
  const laid = new Set(now.tiles.filter((t) => t.token && before.tiles[t.index]?.token !== t.token).map((t) => t.index));
  return moved.size || laid.size ? { moved, laid } : null;
}

/** The last move on this match's path: {moved, laid}, or null before any (or after a phase change). */
export function lastMove(env, ctx) {
  const before = ctx?.previous?.view;
  if (before && before.phase !== env.view.phase) remembered.delete(env.match_id); // the path starts afresh
  const fresh = changes(before, env.view);
  if (fresh) remembered.set(env.match_id, fresh);
  return remembered.get(env.match_id) || null;
}

/** "moved from tile 3": where a moved animal came from, for its chip on the path. */
export function movedFrom(last, animal, tiles) {
  const from = last?.moved.get(animal);
  return from === undefined || from === null ? null : `moved from ${tileWords(from, tiles)}`;
}
