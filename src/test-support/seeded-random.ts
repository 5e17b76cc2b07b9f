/** xorshift32: the same stream of unsigned 32-bit numbers for the same seed, on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>>= 0);
  };
}
