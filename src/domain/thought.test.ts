import { describe, expect, it } from "vitest";
import { messages } from "./messages";
import { thoughtFormSchema, thoughtInputSchema, thoughtPatchSchema } from "./thought";

const firstMessages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) =>
  Object.fromEntries(
    [...(result.error?.issues ?? [])].reverse().map((issue) => [issue.path.join("."), issue.message]),
  );

describe("the thought schemas", () => {
  it("refuses a NUL or an unpaired surrogate with one message, in the content and the author", () => {
    for (const bad of ["a\u0000b", "abc\uD800", "\uDC00abc"]) {
      const result = thoughtInputSchema.safeParse({ conteudo: bad, autoria: bad });
      expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
        ["conteudo", messages.textInvalid],
        ["autoria", messages.textInvalid],
      ]);
    }
    expect(thoughtPatchSchema.safeParse({ conteudo: "ok\u0000" }).success).toBe(false);
  });

  it("reads a text of invisible characters alone as empty", () => {
    const invisible = "\u200B\u200C\u200D\u2060\uFEFF \u00A0";
    const result = thoughtInputSchema.safeParse({ conteudo: invisible, autoria: invisible });
    expect(firstMessages(result)).toEqual({
      conteudo: messages.contentRequired,
      autoria: messages.authorRequired.edit,
    });
    const form = thoughtFormSchema("create").safeParse({
      conteudo: "\u200B",
      autoria: "\uFEFF",
      modelo: "modelo1",
      etiquetas: [],
      fonte: "",
      local: "",
      nota: "",
    });
    expect(firstMessages(form)).toEqual({
      conteudo: messages.contentRequired,
      autoria: messages.authorRequired.create,
    });
  });

  it("counts the author's minimum in visible characters", () => {
    const short = thoughtInputSchema.safeParse({ conteudo: "ok", autoria: "ab\u200B\u200B" });
    expect(firstMessages(short)).toEqual({ autoria: messages.authorTooShort.edit });
    const emoji = thoughtInputSchema.safeParse({ conteudo: "ok", autoria: "😀😀😀" });
    expect(emoji.data?.autoria).toBe("😀😀😀");
    const twoEmoji = thoughtFormSchema("create").safeParse({
      conteudo: "ok",
      autoria: "😀😀",
      modelo: "modelo1",
      etiquetas: [],
      fonte: "",
      local: "",
      nota: "",
    });
    expect(firstMessages(twoEmoji)).toEqual({ autoria: messages.authorTooShort.create });
  });

  it("still trims what it keeps", () => {
    const result = thoughtInputSchema.safeParse({ conteudo: "  Olá  ", autoria: " Ana " });
    expect(result.data).toMatchObject({ conteudo: "Olá", autoria: "Ana" });
  });
});
