import type { Plugin } from "vite";

/** React Router's own files, in whichever of its builds the package's exports pick. */
export const ROUTER_FILE = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]/;
/** `var NavLink = React10.forwardRef(`: a component made at the module's top level. */
const FORWARD_REF = /^(var [\w$]+ = )([\w$]+\.forwardRef\()/gm;
/** `NavLink.displayName = "NavLink";`: a whole top-level line, for React's developer tools. */
const DISPLAY_NAME = /^[\w$]+\.displayName = "[^"\n]*";$/gm;
/** `    warning(cond, message);` (or warningOnce, warnOnce): a call that starts its own line, inside a function. */
const WARNING_CALL = /^(\s+)(warning|warningOnce|warnOnce)\(/gm;

/** `var ENABLE_DEV_WARNINGS = true;`: the one line in which React Router's development build differs from its production one. */
const DEV_WARNINGS = /^(var ENABLE_DEV_WARNINGS = )true;$/m;

/**
 * Leaves out of the first visit's script the React Router components the app never draws. React Router makes
 * each component as `var NavLink = React.forwardRef(…)` and then sets `NavLink.displayName`, with no pure
 * annotation: to the bundler both statements may have effects, so NavLink, Form and everything they reach
 * (useSubmit, the form-submission helpers, Link with its framework-mode prefetching) stayed in the wall's
 * bundle, imported or not: 1.8 KB gzip of the 125 KB budget (with our own Link, routing/Link.tsx, 3.9 KB).
 * forwardRef only wraps a function, so the call is marked pure; the display names are read by React's
 * developer tools alone, so they are dropped (their lines left empty, so the source map still holds).
 *
 * Its warnings go the same way: React Router calls `warning(cond, message)` (and `warningOnce`, `warnOnce`)
 * to tell a developer of a misuse on the console (a route path ending in a bare `*`, a blocker on a POP
 * navigation, a `<Navigate>` in a static render, a route with both `element` and `Component`…), in its
 * production build as in its development one. Each call is a statement of its own whose result nothing reads,
 * so marked pure it goes, message and all: the console no longer hears them, the app does nothing less, and
 * the first visit's script is 1.7 KB gzip lighter (`invariant`, which throws, stays). The package's exports
 * pick its development build for every condition; the one line in which it differs from the production
 * build, `ENABLE_DEV_WARNINGS`, is turned off (0.3 KB gzip, and a few checks less on every navigation).
 * Applied to React Router's files only.
 */
export function pureRouterComponents(): Plugin {
  return {
    name: "memoteca-pure-router-components",
    apply: "build",
    transform(code, id) {
      if (!ROUTER_FILE.test(id)) return null;
      return { code: markRouterComponentsPure(code), map: null };
    },
  };
}

export function markRouterComponentsPure(code: string): string {
  return code
    .replace(FORWARD_REF, "$1/* @__PURE__ */ $2")
    .replace(DISPLAY_NAME, "")
    .replace(WARNING_CALL, "$1/* @__PURE__ */ $2(")
    .replace(DEV_WARNINGS, "$1false;");
}
