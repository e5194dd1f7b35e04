import type { ThoughtInput } from "../src/domain/thought";

/** How many labels the benches' wall uses: 'Etiqueta 0' to 'Etiqueta 999'. */
export const BENCH_LABELS = 1_000;
/** The label the filter row asks for: one among a thousand, on about 130 of 100k thoughts. */
export const BENCH_LABEL = "Etiqueta 500";
/**
 * One of the thousand named as a person names a theme, in place of 'Etiqueta 999' (on about 130 of 100k
 * thoughts): the searches that name a label look for it, a word that no generated text holds.
 */
export const BENCH_THEME = "Modernismo";
const THEME_NUMBER = BENCH_LABELS - 1;

const labelName = (n: number) => (n === THEME_NUMBER ? BENCH_THEME : `Etiqueta ${n}`);

/**
 * The generated thoughts with labels, the same for every database: each thought one label (its position
 * modulo 1,000), every third a second one, about 1.3 per thought; each label on about 130 of 100k.
 */
export function* withBenchLabels(thoughts: Iterable<ThoughtInput>): Generator<ThoughtInput> {
  let index = 0;
  for (const thought of thoughts) {
    const first = index % BENCH_LABELS;
    const second = (index * 7 + 3) % BENCH_LABELS;
    const labels = index % 3 === 0 && second !== first ? [first, second] : [first];
    yield { ...thought, etiquetas: labels.map(labelName) };
    index += 1;
  }
}
