import { describe, expect, it } from "vitest";
import { parseDatabaseUrl } from "./target";

describe("parseDatabaseUrl", () => {
  it("accepts file:, sqlite:, :memory: and postgresql://", () => {
    expect(parseDatabaseUrl("file::memory:")).toEqual({ kind: "sqlite", file: ":memory:" });
    expect(parseDatabaseUrl("sqlite:/tmp/a.db")).toEqual({ kind: "sqlite", file: "/tmp/a.db" });
    expect(parseDatabaseUrl("file:///tmp/b.db")).toEqual({ kind: "sqlite", file: "/tmp/b.db" });
    expect(parseDatabaseUrl("postgresql://u@h/d")).toEqual({ kind: "postgres", url: "postgresql://u@h/d" });
    expect(typeof parseDatabaseUrl("file:")).toBe("string");
  });
});
