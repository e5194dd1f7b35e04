import { describe, expect, it } from "vitest";
import { isLoopback, listenHostName, parseHost } from "./host-names";

describe("host names", () => {
  it("tells the addresses only this machine reaches from those the network reaches", () => {
    for (const host of ["127.0.0.1", "127.0.1.1", "localhost", "LOCALHOST", "::1", "[::1]"]) {
      expect(isLoopback(host), host).toBe(true);
    }
    for (const host of [
      "0.0.0.0",
      "::",
      "192.168.0.10",
      "fe80::1",
      "memoteca.example.com",
      "127.0.0.1.nip.io",
    ]) {
      expect(isLoopback(host), host).toBe(false);
    }
  });

  it("writes the address listened on as a browser writes it in Host, and nothing for a wildcard", () => {
    expect(listenHostName("192.168.0.10")).toBe("192.168.0.10");
    expect(listenHostName("Memoteca.Local")).toBe("memoteca.local");
    expect(listenHostName("fe80::1")).toBe("[fe80::1]");
    expect(listenHostName("0.0.0.0")).toBeUndefined();
    expect(listenHostName("::")).toBeUndefined();
  });

  it("splits a Host header into name and port", () => {
    expect(parseHost("Example.com:8080")).toEqual({ name: "example.com", port: "8080" });
    expect(parseHost("[::1]:3000")).toEqual({ name: "[::1]", port: "3000" });
    expect(parseHost("localhost")).toEqual({ name: "localhost" });
    for (const bad of ["", "::1", "a:b", "[::1", "x:1:2"]) expect(parseHost(bad), bad).toBeUndefined();
  });
});
