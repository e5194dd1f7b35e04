import { describe, expect, it } from "vitest";
import { normalizeLabel } from "./labels";

describe("a label as stored", () => {
  it("is one label for look-alikes: composed, compatibility forms folded, format characters dropped", () => {
    for (const alike of [
      "Poe\u0301tica",
      "Ｐoética",
      "Po\u200Bética",
      "\u202EPoética\u202C",
      "\uFEFFPoé\u00ADtica",
    ]) {
      expect(normalizeLabel(alike), JSON.stringify(alike)).toBe("Po\u00E9tica");
    }
  });

  it("keeps what an emoji is drawn from, and other scripts' letters", () => {
    for (const kept of [
      "👩‍💻",
      "👩🏽‍💻",
      "🏳️‍🌈",
      "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
      "\u0430mor",
    ]) {
      expect(normalizeLabel(kept)).toBe(kept.normalize("NFKC"));
    }
    // A joiner or a tag anywhere else draws nothing.
    expect(normalizeLabel("a\u200Db")).toBe("ab");
    expect(normalizeLabel("x\u{E0067}")).toBe("x");
  });
});
