import { describe, expect, it } from "vitest";
import { paths } from "../paths";
import { signInPath } from "./return-to";
import { safeReturnPath } from "./safe-return";

const origin = "http://127.0.0.1:3000";

describe("the page to return to after signing in", () => {
  it("is the address the user asked for, query and fragment included", () => {
    const asked = "/pensamentos/editarPensamento/7?x=1#topo";
    const [, query] = signInPath(asked).split("?");
    expect(safeReturnPath(new URLSearchParams(query).get("volta"), origin)).toBe(asked);
  });

  it("leaves the wall, where signing in leads anyway, out of the address", () => {
    expect(signInPath(paths.wall)).toBe(paths.signIn);
    expect(signInPath("/")).toBe(paths.signIn);
  });

  it("keeps a path with dot segments that stays on this site, cleaned", () => {
    expect(safeReturnPath("/./criarPensamento", origin)).toBe("/criarPensamento");
    expect(safeReturnPath("/a/../pensamentos/editarPensamento/7", origin)).toBe(
      "/pensamentos/editarPensamento/7",
    );
  });

  it("keeps an odd path that stays on this site as a path, whatever its length or escapes", () => {
    const long = `/${"a".repeat(5000)}`;
    expect(safeReturnPath(long, origin)).toBe(long);
    for (const raw of ["/%2F%2Fevil.example", "/%5Cevil.example", "/a%2F..%2F..%2F%2Fevil.example"]) {
      const path = safeReturnPath(raw, origin);
      expect(path, raw).toBe(raw);
      expect(new URL(path, origin).origin, raw).toBe(origin);
    }
  });

  it("is the wall for anything that is not a path of this site", () => {
    for (const raw of [
      null,
      "",
      "listarPensamento",
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "https://evil.example/x",
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      " /criarPensamento",
      "/.//evil.example",
      "/./\\evil.example",
      "/a/..//evil.example",
      "/%2e//evil.example",
      "/%2E%2E//evil.example",
      "/\\/evil.example",
      "/.//evil.example/listarPensamento?x=1",
      "%2F%2Fevil.example",
      "/\n/evil.example",
      `//${"a".repeat(5000)}.example`,
      paths.signIn,
      `${paths.signIn}?volta=/criarPensamento`,
    ]) {
      expect(safeReturnPath(raw, origin), String(raw)).toBe(paths.wall);
    }
  });
});
