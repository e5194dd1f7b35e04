import type { Thought } from "../../domain/contract";
import { hash32 } from "../../domain/permutation";
import type { DayChoice, DayChoiceRepository, WallState } from "../db";

/** A favorite is this many times likelier to be the day's thought than another thought. */
export const FAVORITE_WEIGHT = 3;
/** Up to this many thoughts, the day's may repeat yesterday's: with so few, avoiding it reads as a pattern. */
export const FEW_THOUGHTS = 3;
/** Draws of one day before giving up on avoiding yesterday's thought (each misses with p ≤ 1/FEW_THOUGHTS). */
const DRAWS = 16;

export interface DayThoughtDeps {
  choices: DayChoiceRepository;
  state(): Promise<WallState>;
  get(id: number): Promise<Thought | undefined>;
  /** The thought at a position counted from the oldest, among all or the favorites. */
  thoughtAt(position: number, favoritesOnly?: boolean): Promise<Thought | undefined>;
}

/**
 * The n-th draw of a day, weighted: each thought has one ticket, each favorite FAVORITE_WEIGHT; the day's
 * hash picks a ticket. Deterministic, so two instances that draw at once draw the same.
 */
async function draw(deps: DayThoughtDeps, day: string, attempt: number, state: WallState) {
  const extra = FAVORITE_WEIGHT - 1;
  const tickets = state.total + extra * state.favorites;
  const ticket = hash32(`${day}#${attempt}`) % tickets;
  return ticket < state.total
    ? deps.thoughtAt(ticket)
    : deps.thoughtAt(Math.floor((ticket - state.total) / extra), true);
}

/**
 * The thought of `day` (AAAA-MM-DD, the server's date): the same all day for every device, since it is
 * kept in the database the first time it is asked for; chosen again only if it was deleted. Never
 * yesterday's when there are more than FEW_THOUGHTS. Undefined on an empty wall.
 */
export async function dayThought(deps: DayThoughtDeps, day: string): Promise<Thought | undefined> {
  for (let race = 0; race < 3; race++) {
    const stored = await deps.choices.read();
    const current = stored.choice;
    if (current?.date === day) {
      const kept = await deps.get(current.id);
      if (kept) return kept;
    }
    const state = await deps.state();
    if (state.total === 0) return undefined;
    // The day before's choice is the one to avoid: the stored one, or what it avoided if it was today's.
    const avoid = current?.date === day ? current.previousId : current?.id;
    let chosen: Thought | undefined;
    for (let attempt = 0; attempt < DRAWS; attempt++) {
      chosen = (await draw(deps, day, attempt, state)) ?? chosen;
      if (chosen && (chosen.id !== avoid || state.total <= FEW_THOUGHTS)) break;
    }
    if (!chosen) continue;
    const choice: DayChoice = {
      date: day,
      id: chosen.id,
      ...(avoid === undefined ? {} : { previousId: avoid }),
    };
    if (await deps.choices.replace(stored.raw, choice)) return chosen;
    // Another instance chose first: read its choice on the next turn.
  }
  throw new Error("the thought of the day kept changing under us");
}
