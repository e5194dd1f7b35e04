import { describe, expect, it, vi } from "vitest";
import { makeThought } from "../../../test-support/thought-factory";
import { cardEtag, createCardImages, etagMatches } from "./card-images";
import type { CardThought } from "./layout";

const thought: CardThought = makeThought({ id: 1, conteudo: "Olá", autoria: "Autor", modelo: "modelo1" });

/** A stand-in for the renderer: its bytes name the thought and count the drawings. */
function fakeRender() {
  let drawings = 0;
  const render = vi.fn(async (t: CardThought) => {
    drawings += 1;
    return Buffer.from(`${t.id}:${t.conteudo}:${drawings}`);
  });
  return render;
}

describe("cardEtag", () => {
  it("is a quoted hash of everything the card shows, and of nothing else", () => {
    const etag = cardEtag(thought);
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(cardEtag({ ...thought })).toBe(etag);
    for (const changed of [
      { id: 2 },
      { conteudo: "Olá!" },
      { autoria: "Outro" },
      { modelo: "modelo2" as const },
    ]) {
      expect(cardEtag({ ...thought, ...changed }), JSON.stringify(changed)).not.toBe(etag);
    }
    // Fields the card does not show (the favourite heart) leave it alone.
    expect(cardEtag({ ...thought, favorito: true } as CardThought)).toBe(etag);
    // No two fields can run into each other: "a" + "bc" is not "ab" + "c".
    expect(cardEtag({ ...thought, conteudo: "a", autoria: "bc" })).not.toBe(
      cardEtag({ ...thought, conteudo: "ab", autoria: "c" }),
    );
  });
});

describe("etagMatches", () => {
  const etag = '"abc"';
  it("reads If-None-Match as RFC 9110 writes it", () => {
    expect(etagMatches(undefined, etag)).toBe(false);
    expect(etagMatches('"abc"', etag)).toBe(true);
    expect(etagMatches('W/"abc"', etag)).toBe(true);
    expect(etagMatches('"x", "abc"', etag)).toBe(true);
    expect(etagMatches("*", etag)).toBe(true);
    expect(etagMatches('"abcd"', etag)).toBe(false);
    expect(etagMatches("abc", etag)).toBe(false);
  });
});

describe("createCardImages", () => {
  it("draws a card once, then answers it from memory; a changed thought is drawn anew", async () => {
    const render = fakeRender();
    const images = createCardImages({ render });
    const first = await images.png(thought);
    expect(await images.png({ ...thought })).toBe(first);
    expect(render).toHaveBeenCalledTimes(1);
    const changed = await images.png({ ...thought, conteudo: "Tchau" });
    expect(changed.toString()).toBe("1:Tchau:2");
    expect(render).toHaveBeenCalledTimes(2);
  });

  it("shares one drawing between requests that arrive while it is under way", async () => {
    const render = fakeRender();
    const images = createCardImages({ render });
    const answers = await Promise.all([images.png(thought), images.png(thought), images.png(thought)]);
    expect(render).toHaveBeenCalledTimes(1);
    expect(new Set(answers).size).toBe(1);
  });

  it("keeps the cards used most recently, up to its capacity", async () => {
    const render = fakeRender();
    const images = createCardImages({ render, capacity: 2 });
    const card = (id: number) => ({ ...thought, id });
    await images.png(card(1));
    await images.png(card(2));
    await images.png(card(1)); // 1 is now the most recent: 2 goes first
    await images.png(card(3));
    expect(render).toHaveBeenCalledTimes(3);
    await images.png(card(1));
    expect(render).toHaveBeenCalledTimes(3);
    await images.png(card(2));
    expect(render).toHaveBeenCalledTimes(4);
  });

  it("forgets a drawing that failed, so the next request tries again", async () => {
    const render = vi
      .fn<(t: CardThought) => Promise<Buffer>>()
      .mockRejectedValueOnce(new Error("sem fontes"))
      .mockResolvedValueOnce(Buffer.from("ok"));
    const images = createCardImages({ render });
    await expect(images.png(thought)).rejects.toThrow("sem fontes");
    expect((await images.png(thought)).toString()).toBe("ok");
  });
});
