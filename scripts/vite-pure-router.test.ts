import { describe, expect, it } from "vitest";
import { routerModules } from "../test-support/build/router-modules";
import { markRouterComponentsPure } from "./vite-pure-router";

/** Those that make components. */
function routerModulesWithComponents(): string[] {
  return routerModules().filter((code) => code.includes(".forwardRef("));
}

describe("React Router's components and warnings, marked pure for the build", () => {
  // Should React Router change how it writes them, this fails here rather than the wall quietly
  // carrying NavLink and Form again.
  it("marks every top-level forwardRef of the installed React Router pure, NavLink and Form among them", () => {
    const modules = routerModulesWithComponents();
    expect(modules.length).toBeGreaterThan(0);
    const marked = modules.map(markRouterComponentsPure).join("\n");
    for (const component of ["Link", "NavLink", "Form"]) {
      expect(marked).toMatch(
        new RegExp(`^var ${component} = /\\* @__PURE__ \\*/ [\\w$]+\\.forwardRef\\(`, "m"),
      );
    }
    expect(marked).not.toMatch(/^var [\w$]+ = [\w$]+\.forwardRef\(/m);
  });

  it("drops the display names and keeps every line where it was", () => {
    for (const code of routerModulesWithComponents()) {
      const marked = markRouterComponentsPure(code);
      expect(marked).not.toMatch(/^[\w$]+\.displayName = /m);
      expect(marked.split("\n")).toHaveLength(code.split("\n").length);
    }
  });

  it("marks every warning of the installed React Router pure, so its calls and messages go", () => {
    const modules = routerModules();
    const marked = modules.map(markRouterComponentsPure).join("\n");
    expect(marked).toMatch(/^\s+\/\* @__PURE__ \*\/ warning\(/m);
    expect(marked).not.toMatch(/^\s+(warning|warningOnce|warnOnce)\(/m);
    // What throws stays: an invariant is not a warning.
    expect(marked).toMatch(/^\s+invariant\(/m);
  });

  it("turns the development build's warnings off, as its production build has them", () => {
    const marked = routerModules().map(markRouterComponentsPure).join("\n");
    expect(marked).toMatch(/^var ENABLE_DEV_WARNINGS = false;$/m);
    expect(marked).not.toMatch(/^var ENABLE_DEV_WARNINGS = true;$/m);
  });

  it("leaves a forwardRef inside a function alone, and every other statement", () => {
    const code = [
      "var Other = React3.memo(Routes);",
      "function useFetcher() {",
      "    let FetcherForm2 = React10.forwardRef(render);",
      "}",
      "RenderErrorBoundary.contextType = RSCRouterContext;",
      "    console.warning(message);",
      "    invariant(route, message);",
    ].join("\n");
    expect(markRouterComponentsPure(code)).toBe(code);
  });
});
