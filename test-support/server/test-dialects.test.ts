import { describe, expect, it } from "vitest";
import { chosenDialects, testDialects } from "./test-dialects";

const names = (env: NodeJS.ProcessEnv) =>
  testDialects(env).map(({ name, available }) => `${name}:${available}`);

describe("the dialects the suites run against", () => {
  it("are SQLite and PostgreSQL, the latter where TEST_DATABASE_URL names a server", () => {
    expect(names({})).toEqual(["sqlite:true", "postgres:false"]);
    expect(names({ TEST_DATABASE_URL: "postgres://x/test" })).toEqual(["sqlite:true", "postgres:true"]);
  });

  it("refuse to leave PostgreSQL out silently in CI", () => {
    expect(() => testDialects({ CI: "true" })).toThrow("TEST_DATABASE_URL is not set");
  });

  it("are SQLite alone when TEST_DIALECTS says so, in CI too, and PostgreSQL is then not listed at all", () => {
    expect(names({ CI: "true", TEST_DIALECTS: "sqlite" })).toEqual(["sqlite:true"]);
    expect(names({ TEST_DIALECTS: "sqlite, postgres", TEST_DATABASE_URL: "postgres://x/test" })).toEqual([
      "sqlite:true",
      "postgres:true",
    ]);
    expect(() => testDialects({ CI: "true", TEST_DIALECTS: "postgres" })).toThrow("TEST_DATABASE_URL");
  });

  it("refuse a dialect they do not know", () => {
    expect(() => testDialects({ TEST_DIALECTS: "mysql" })).toThrow('not "mysql"');
  });

  it("are what vitest.config.ts reads to leave the files of PostgreSQL alone out", () => {
    expect(chosenDialects({})).toEqual(["sqlite", "postgres"]);
    expect(chosenDialects({ TEST_DIALECTS: "sqlite" })).toEqual(["sqlite"]);
    expect(chosenDialects({ TEST_DIALECTS: "postgres,sqlite" })).toEqual(["sqlite", "postgres"]);
  });
});
