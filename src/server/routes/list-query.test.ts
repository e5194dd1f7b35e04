import { describe, expect, it } from "vitest";
import { makeThought } from "../../../test-support/thought-factory";
import { linkHeader } from "./list-query";

const query = (page: number, limit = 6) => ({ page, limit });
const total = (count: number) => ({ items: [], total: count });
const thought = (id: number) => makeThought({ id });

describe("linkHeader", () => {
  it("links first, prev, next and last, keeping the other parameters where the client wrote them", () => {
    expect(linkHeader("/api/pensamentos", query(2), "q=amor&_page=2&favorito=true", total(30))).toBe(
      [
        '</api/pensamentos?q=amor&_page=1&favorito=true&_limit=6>; rel="first"',
        '</api/pensamentos?q=amor&_page=1&favorito=true&_limit=6>; rel="prev"',
        '</api/pensamentos?q=amor&_page=3&favorito=true&_limit=6>; rel="next"',
        '</api/pensamentos?q=amor&_page=5&favorito=true&_limit=6>; rel="last"',
      ].join(", "),
    );
  });

  it("adds the page when the client sent none, and leaves alone a parameter that only ends in _page", () => {
    expect(linkHeader("/api/pensamentos", query(1, 3), "x_page=%01&_limit=3", total(4))).toBe(
      [
        '</api/pensamentos?x_page=%01&_limit=3&_page=1>; rel="first"',
        '</api/pensamentos?x_page=%01&_limit=3&_page=2>; rel="next"',
        '</api/pensamentos?x_page=%01&_limit=3&_page=2>; rel="last"',
      ].join(", "),
    );
  });

  it("has one page when nothing matches, and points prev at the last page from beyond it", () => {
    expect(linkHeader("/api/pensamentos", query(9), "_page=9", total(0))).toBe(
      [
        '</api/pensamentos?_page=1&_limit=6>; rel="first"',
        '</api/pensamentos?_page=1&_limit=6>; rel="prev"',
        '</api/pensamentos?_page=1&_limit=6>; rel="last"',
      ].join(", "),
    );
  });

  it("links a cursor's page to the first page and, when more follow, to the next cursor", () => {
    const cursor = { page: 1, limit: 2, after: 90 };
    const page = { items: [thought(80), thought(70)], total: 50, hasMore: true };
    expect(linkHeader("/api/pensamentos", cursor, "q=amor&_after=90&_limit=2", page)).toBe(
      [
        '</api/pensamentos?q=amor&_limit=2>; rel="first"',
        '</api/pensamentos?q=amor&_limit=2&_after=70>; rel="next"',
      ].join(", "),
    );
    expect(linkHeader("/api/pensamentos", cursor, "_after=90", { ...page, hasMore: false })).toBe(
      '</api/pensamentos?_limit=2>; rel="first"',
    );
  });
});
