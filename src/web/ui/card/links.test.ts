import { describe, expect, it } from "vitest";
import { splitLinks } from "./links";

const linksOf = (text: string) => splitLinks(text).filter((piece) => piece.href);

describe("splitLinks", () => {
  it("finds http, https and www. addresses; www. leads to https", () => {
    expect(splitLinks("Leia https://exemplo.com.br/a?b=1#c e http://x.org ou www.site.net hoje")).toEqual([
      { text: "Leia " },
      { text: "https://exemplo.com.br/a?b=1#c", href: "https://exemplo.com.br/a?b=1#c" },
      { text: " e " },
      { text: "http://x.org", href: "http://x.org" },
      { text: " ou " },
      { text: "www.site.net", href: "https://www.site.net" },
      { text: " hoje" },
    ]);
  });

  it("leaves the punctuation that ends a sentence out of the link", () => {
    for (const [text, address] of [
      ["Veja https://a.org.", "https://a.org"],
      ["https://a.org, depois", "https://a.org"],
      ["em https://a.org/x?!", "https://a.org/x"],
      ["diz 'https://a.org';", "https://a.org"],
      ["isto: https://a.org:", "https://a.org"],
    ] as const) {
      expect(
        linksOf(text).map((piece) => piece.text),
        text,
      ).toEqual([address]);
    }
  });

  it("keeps a closing parenthesis only when the address opened it", () => {
    expect(linksOf("(veja https://a.org/x)").map((piece) => piece.text)).toEqual(["https://a.org/x"]);
    expect(linksOf("https://pt.wikipedia.org/wiki/Rio_(cidade)").map((piece) => piece.text)).toEqual([
      "https://pt.wikipedia.org/wiki/Rio_(cidade)",
    ]);
    expect(linksOf("(https://pt.wikipedia.org/wiki/Rio_(cidade)).").map((piece) => piece.text)).toEqual([
      "https://pt.wikipedia.org/wiki/Rio_(cidade)",
    ]);
  });

  it("makes no link of other schemes, a bare scheme, or a word that only contains one", () => {
    for (const text of [
      "javascript:alert(1)",
      "ftp://a.org",
      "mailto:a@b.org",
      "https:// nada",
      "www. nada",
      "xhttps://a.org",
      "awww.site.net",
      "sem endereço nenhum",
      "",
    ]) {
      expect(linksOf(text), text).toEqual([]);
    }
  });

  it("stops at a space, a quote or an angle bracket, and joined gives back the text", () => {
    const text = 'Um <https://a.org/x> e "https://b.org"\nhttps://c.org/<script>';
    expect(linksOf(text).map((piece) => piece.text)).toEqual([
      "https://a.org/x",
      "https://b.org",
      "https://c.org/",
    ]);
    expect(
      splitLinks(text)
        .map((piece) => piece.text)
        .join(""),
    ).toBe(text);
  });
});
