import type { Thought } from "../src/domain/contract";
import type { ThoughtInput } from "../src/domain/thought";
import { SERVER_FIELDS, type ServerField, thoughtDefaults } from "../src/domain/thought-fields";

/**
 * The one test factory of thoughts, for the server's tests, the scripts', the web's test doubles, the e2e
 * specs and the benches. The fields without a default get a readable value (a numbered text, an author
 * of three characters or more); the others take the contract's defaults, so a field added to the
 * contract reaches every test through here. A test overrides only the fields its story is about. The
 * fields the server sets (the dates) are an instant that follows the id: a minute per id from 2025-01-01.
 */

/** The author of every thought a test does not give one. */
export const TEST_AUTHOR = "Autoria de teste";

let lastNumber = 0;
let lastId = 0;

/**
 * A valid body for a create (POST) or a replace (PUT): "Pensamento número n", n counting up, so no two are
 * duplicates of each other (an import skips a thought already on the wall).
 */
export function thoughtInput(overrides: Partial<ThoughtInput> = {}): ThoughtInput {
  lastNumber += 1;
  return {
    conteudo: `Pensamento número ${lastNumber}`,
    autoria: TEST_AUTHOR,
    ...thoughtDefaults,
    ...overrides,
  };
}

/** `count` inputs, numbered one after another; the overrides apply to each of them. */
export function thoughtInputs(count: number, overrides: Partial<ThoughtInput> = {}): ThoughtInput[] {
  return Array.from({ length: count }, () => thoughtInput(overrides));
}

/** The instant a made thought's server fields take: later ids, later instants. */
export function testInstant(id: number): string {
  return new Date(Date.UTC(2025, 0, 1) + id * 60_000).toISOString();
}

function serverFields(id: number): Record<ServerField, string> {
  return Object.fromEntries(SERVER_FIELDS.map((name) => [name, testInstant(id)])) as Record<
    ServerField,
    string
  >;
}

/**
 * A thought as the API sends it, with the next id (its text numbered by the id), so thoughts made one
 * after another are listed newest first in the order they were made.
 */
export function makeThought(overrides: Partial<Thought> = {}): Thought {
  const id = overrides.id ?? lastId + 1;
  // An explicit id moves the counter past it: a later thought must never reuse it.
  lastId = Math.max(lastId, id);
  return {
    id,
    conteudo: `Pensamento número ${id}`,
    autoria: TEST_AUTHOR,
    ...thoughtDefaults,
    ...serverFields(id),
    versao: 1,
    ...overrides,
  };
}

/** `count` thoughts with consecutive ids; the overrides apply to each of them. */
export function makeThoughts(count: number, overrides: Partial<Omit<Thought, "id">> = {}): Thought[] {
  return Array.from({ length: count }, () => makeThought(overrides));
}

/** Every test numbers its thoughts (and their ids) from 1, whatever the tests before it made. */
export function resetThoughtIds(): void {
  lastId = 0;
  lastNumber = 0;
}
