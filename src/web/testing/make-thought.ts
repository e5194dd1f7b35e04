import type { Thought } from "../../domain/contract";

let lastId = 0;

/**
 * A valid thought with the next id, so thoughts made one after another are listed newest first in the
 * order they were made. A test overrides only the fields its story is about.
 */
export function makeThought(overrides: Partial<Thought> = {}): Thought {
  const id = overrides.id ?? lastId + 1;
  // An explicit id moves the counter past it: a later thought must never reuse it.
  lastId = Math.max(lastId, id);
  return {
    id,
    conteudo: `Pensamento número ${id}`,
    autoria: "Autoria de teste",
    modelo: "modelo1",
    favorito: false,
    ...overrides,
  };
}

/** `count` thoughts with consecutive ids; the overrides apply to each of them. */
export function makeThoughts(count: number, overrides: Partial<Omit<Thought, "id">> = {}): Thought[] {
  return Array.from({ length: count }, () => makeThought(overrides));
}

/** Every test numbers its thoughts from 1, whatever the tests before it made. */
export function resetThoughtIds(): void {
  lastId = 0;
}
