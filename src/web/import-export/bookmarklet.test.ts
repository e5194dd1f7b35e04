import { afterEach, describe, expect, it, vi } from "vitest";
import { bookmarkletCode } from "./bookmarklet";

/** Runs the bookmarklet on the current document and returns the address it opened. */
function runBookmarklet(code: string): string {
  const open = vi.spyOn(window, "open").mockImplementation(() => null);
  new Function(decodeURIComponent(code.slice("javascript:".length)))();
  const [address] = open.mock.calls[0] ?? [];
  return String(address);
}

describe("the bookmarklet", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    getSelection()?.removeAllRanges();
    document.body.replaceChildren();
  });

  it("opens 'Novo pensamento' with the selection, the title and the address with a text fragment", () => {
    document.title = "Um artigo";
    const paragraph = document.createElement("p");
    paragraph.textContent = "Uma frase curta, bem-feita";
    document.body.append(paragraph);
    const range = document.createRange();
    range.selectNodeContents(paragraph);
    // A selection keeps its first range (addRange adds none while it holds one), and another test of the
    // same environment may have left one.
    getSelection()?.removeAllRanges();
    getSelection()?.addRange(range);

    const opened = new URL(runBookmarklet(bookmarkletCode("https://memoteca.test")));
    expect(`${opened.origin}${opened.pathname}`).toBe("https://memoteca.test/criarPensamento");
    expect(opened.searchParams.get("conteudo")).toBe("Uma frase curta, bem-feita");
    expect(opened.searchParams.get("fonte")).toBe("Um artigo");
    expect(opened.searchParams.get("nota")).toBe(
      `${location.href.split("#")[0]}#:~:text=Uma%20frase%20curta%2C%20bem%2Dfeita`,
    );
  });

  it("names a long selection by its first and last words, and sends an empty one as none", () => {
    const words = Array.from({ length: 20 }, (_, i) => `palavra${i}`).join(" ");
    const paragraph = document.createElement("p");
    paragraph.textContent = words;
    document.body.append(paragraph);
    const range = document.createRange();
    range.selectNodeContents(paragraph);
    // A selection keeps its first range (addRange adds none while it holds one), and another test of the
    // same environment may have left one.
    getSelection()?.removeAllRanges();
    getSelection()?.addRange(range);
    const long = new URL(runBookmarklet(bookmarkletCode("https://m.test")));
    expect(long.searchParams.get("nota")).toMatch(
      /#:~:text=palavra0%20palavra1%20palavra2%20palavra3%20palavra4,palavra15%20palavra16%20palavra17%20palavra18%20palavra19$/,
    );

    getSelection()?.removeAllRanges();
    vi.restoreAllMocks();
    const none = new URL(runBookmarklet(bookmarkletCode("https://m.test")));
    expect(none.searchParams.get("conteudo")).toBe("");
    expect(none.searchParams.get("nota")).toBe(location.href.split("#")[0]);
  });
});
