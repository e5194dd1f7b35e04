import { type Plugin, parseSync, Visitor } from "vite";
import { ROUTER_FILE } from "./vite-pure-router.ts";

/** React Router's `invariant(value, message)` (and `invariant2`), which throws `new Error(message)`. */
const INVARIANT = /^invariant\d*$/;

/**
 * `code` with the written message of each of React Router's invariants left out: `invariant(cond, "…")`
 * becomes `invariant(cond)`, which still throws when `cond` fails, an Error without a message. A message
 * computed by a call is kept (the call may do more than make a string). The lines stay where they were, so
 * the source map still holds.
 */
export function dropInvariantMessages(code: string): string {
  const { program } = parseSync("router.mjs", code);
  // From the end of the condition to the end of the message: the comma between them goes with the message.
  const spans: [number, number][] = [];
  new Visitor({
    CallExpression(node) {
      const [condition, message] = node.arguments;
      if (node.callee.type !== "Identifier" || !INVARIANT.test(node.callee.name)) return;
      if (!condition || !message || node.arguments.length !== 2) return;
      if (message.type === "Literal" || message.type === "TemplateLiteral") {
        spans.push([condition.end, message.end]);
      }
    },
  }).visit(program);
  spans.sort((a, b) => a[0] - b[0]);
  let kept = "";
  let at = 0;
  for (const [start, end] of spans) {
    const lines = code.slice(start, end).split("\n").length - 1;
    kept += code.slice(at, start) + "\n".repeat(lines);
    at = end;
  }
  return kept + code.slice(at);
}

/**
 * React Router's invariants guard against a developer's misuse (a hook outside its router, a route made
 * wrong) and say what went wrong in English sentences, some hundreds of characters long, which its production
 * build keeps: 0.8 KB gzip of the first visit's script, whose budget is 125 KB. The browser's build drops them,
 * as React's own production build does with its error messages; the checks stay and still throw. The server
 * render keeps them, where a failure is read in the server's log.
 */
export function dropRouterInvariantMessages(): Plugin {
  return {
    name: "memoteca-router-invariant-messages",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    transform(code, id) {
      if (!ROUTER_FILE.test(id)) return null;
      return { code: dropInvariantMessages(code), map: null };
    },
  };
}
