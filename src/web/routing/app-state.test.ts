import { describe, expect, it } from "vitest";
import type { Thought } from "../../domain/contract";
import { makeThought } from "../testing/make-thought";
import { createAppState } from "./app-state";

describe("the lines at the foot of the screen", () => {
  const thought = makeThought({ id: 1, autoria: "Ana" }) as Thought;

  it("are one at a time: a save's line replaces the undo offer, and a new offer replaces the save's line", () => {
    const state = createAppState();
    state.undo.set({ kind: "deleted", thought });
    state.saved.set({ kind: "created", thought });
    expect(state.undo.get()).toBeUndefined();
    expect(state.saved.get()).toEqual({ kind: "created", thought });

    state.undo.set({ kind: "unfavorited", thought });
    expect(state.saved.get()).toBeUndefined();
    expect(state.undo.get()).toEqual({ kind: "unfavorited", thought });
  });

  it("keep the other line when one is only cleared", () => {
    const state = createAppState();
    state.saved.set({ kind: "edited", thought });
    state.undo.clear();
    expect(state.saved.get()).toEqual({ kind: "edited", thought });
    state.saved.clear();
    expect(state.saved.get()).toBeUndefined();
  });
});
