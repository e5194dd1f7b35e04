import { parseSync, Visitor } from "vite";
import { describe, expect, it } from "vitest";
import { routerModules } from "../test-support/build/router-modules";
import { dropInvariantMessages } from "./vite-router-invariants";

/** Each call of an invariant in `code`: how many arguments, and the second one's kind. */
function invariantCalls(code: string): { args: number; message?: string }[] {
  const { program, errors } = parseSync("router.mjs", code);
  expect(errors).toEqual([]);
  const calls: { args: number; message?: string }[] = [];
  new Visitor({
    CallExpression(node) {
      if (node.callee.type === "Identifier" && /^invariant\d*$/.test(node.callee.name)) {
        calls.push({ args: node.arguments.length, message: node.arguments[1]?.type });
      }
    },
  }).visit(program);
  return calls;
}

/** A call whose message is written out in the code. */
const written = (call: { message?: string }) =>
  call.message === "Literal" || call.message === "TemplateLiteral";

describe("React Router's invariant messages, left out of the browser's build", () => {
  it("drops a written message and keeps the check and every line", () => {
    const code = [
      "function useThing() {",
      "  invariant(",
      "    inRouter(),",
      "    `useThing() may be used only in the context of a <Router> component.`",
      "  );",
      '  invariant2(route, "no route");',
      "  invariant(ok, describe(route));",
      "  notInvariant(x, `kept`);",
      "}",
    ].join("\n");
    expect(dropInvariantMessages(code)).toBe(
      [
        "function useThing() {",
        "  invariant(",
        "    inRouter()",
        "",
        "  );",
        "  invariant2(route);",
        "  invariant(ok, describe(route));",
        "  notInvariant(x, `kept`);",
        "}",
      ].join("\n"),
    );
  });

  it("cuts at the right places in the installed React Router: every check still there and parsed, no message left", () => {
    const modules = routerModules();
    let dropped = 0;
    for (const code of modules) {
      const before = invariantCalls(code);
      const after = invariantCalls(dropInvariantMessages(code));
      // Every check is still there, and still parses; none keeps a written message.
      expect(after).toHaveLength(before.length);
      expect(after.filter(written)).toEqual([]);
      expect(dropInvariantMessages(code).split("\n")).toHaveLength(code.split("\n").length);
      dropped += before.filter(written).length;
    }
    // Should React Router rename its helper, this fails here rather than the budget quietly losing 0.8 KB.
    expect(dropped).toBeGreaterThan(20);
  });
});
