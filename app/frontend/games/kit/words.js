// Counted words in sentences a player reads: "1 paw", "2 paws", "1 space left". One rule for
// every renderer, so no table says "1 paws" again.

/** `n` with its noun, singular for exactly one: counted(1, "paw") -> "1 paw". */
export function counted(n, noun, nouns = `${noun}s`) {
  return `${n} ${n === 1 ? noun : nouns}`;
}
