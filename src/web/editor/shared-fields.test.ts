import { describe, expect, it } from "vitest";
import { sharedFields } from "./shared-fields";

describe("the fields /criarPensamento is opened with", () => {
  it("takes the form's own names, and a shared link into the note", () => {
    expect(
      sharedFields("?conteudo=Um+trecho&autoria=Ana&fonte=Um+livro&nota=lida&link=https%3A%2F%2Fa.test%2Fx"),
    ).toEqual({ conteudo: "Um trecho", autoria: "Ana", fonte: "Um livro", nota: "lida\nhttps://a.test/x" });
    expect(sharedFields("?link=https%3A%2F%2Fa.test")).toEqual({ nota: "https://a.test" });
    expect(sharedFields("")).toEqual({});
    expect(sharedFields("?conteudo=%20%20&outra=1")).toEqual({});
  });
});
