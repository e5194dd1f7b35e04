import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "./server-node-flags.mjs";

const read = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), "utf8");
const flags = SERVER_NODE_FLAGS.join(" ");

// The places that start the server and cannot import the list: each must pass the same flags.
describe("the server's Node flags", () => {
  it("are in npm start", () => {
    const { scripts } = JSON.parse(read("package.json")) as { scripts: { start: string } };
    expect(scripts.start).toBe(`exec node ${flags} scripts/start.mjs`);
  });

  it("are in the image's command", () => {
    const quoted = SERVER_NODE_FLAGS.map((flag) => `"${flag}"`).join(", ");
    expect(read("Dockerfile")).toContain(`CMD ["node", ${quoted}, "dist/server/main.js"]`);
  });

  it("are in every command the README and the deployment guide give", () => {
    for (const doc of ["README.md", "docs/deploy.md"]) {
      const commands = read(doc).match(/node [^\n`]*dist\/server\/main\.js/g) ?? [];
      expect(commands.length, doc).toBeGreaterThan(0);
      for (const command of commands) expect(command, doc).toContain(`node ${flags} dist/server/main.js`);
    }
  });
});
