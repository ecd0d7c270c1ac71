// Seeded random choices for the driver and the rules check: a match's moves follow from its
// id, as Foxden's load generator seeds `random.Random(match_id)`, so a run can be replayed.

/** A random number generator in [0, 1) seeded by a string (FNV-1a into mulberry32). */
export function seededRandom(text) {
  let seed = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    seed = Math.imul(seed ^ text.charCodeAt(i), 0x01000193) >>> 0;
  }
  return () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One of the list's items, chosen by `random`. */
export function pick(random, list) {
  return list[Math.floor(random() * list.length)];
}
