/**
 * Stateless shuffles for 'Surpreenda-me' and the thought of the day: a seeded permutation of 0..size-1, so
 * that the n-th draw of a visit never repeats an earlier one until every thought was shown, without the
 * server remembering anything, and a hash that turns a day into a seed.
 */

/** FNV-1a over a string's UTF-16 units: a well-spread 32-bit unsigned seed. */
export function hash32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A 32-bit mix (from MurmurHash3's finalizer) of a value, a key and a round. */
function mix(value: number, key: number, round: number): number {
  let h = (value ^ Math.imul(key, 0x9e3779b1) ^ Math.imul(round + 1, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * Where `index` lands in a permutation of 0..size-1 chosen by `seed`: a four-round Feistel network over the
 * smallest even number of bits that holds `size`, walking the cycle until it falls inside. Every index
 * maps to a distinct position, so draws 0..size-1 of one seed show each position once.
 */
export function permutedIndex(index: number, size: number, seed: number): number {
  if (!Number.isInteger(size) || size < 1 || size > 2 ** 31) throw new RangeError(`size ${size}`);
  if (!Number.isInteger(index) || index < 0 || index >= size) throw new RangeError(`index ${index}`);
  let bits = 2;
  while (2 ** bits < size) bits += 2;
  const half = bits / 2;
  const mask = 2 ** half - 1;
  let value = index;
  do {
    let left = Math.floor(value / 2 ** half);
    let right = value % 2 ** half;
    for (let round = 0; round < 4; round++) {
      const next = (left ^ (mix(right, seed, round) & mask)) >>> 0;
      left = right;
      right = next;
    }
    value = left * 2 ** half + right;
  } while (value >= size);
  return value;
}
