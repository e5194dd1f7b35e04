import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderAt } from "../testing/render-at";
import { Link } from "./Link";

function renderLinks(onClick?: (event: React.MouseEvent) => void) {
  return renderAt("/a?q=amor", [
    {
      path: "/a",
      element: (
        <>
          <h1>A</h1>
          <Link to="/b?x=1" className="button" aria-keyshortcuts="b" onClick={onClick}>
            Para B
          </Link>
          <Link to="/a?q=amor">Aqui mesmo</Link>
        </>
      ),
    },
    { path: "/b", element: <h1>B</h1> },
  ]);
}

describe("the app's link", () => {
  it("is a real link to its address, with the attributes it is given", () => {
    renderLinks();
    const link = screen.getByRole("link", { name: "Para B" });
    expect(link).toHaveAttribute("href", "/b?x=1");
    expect(link).toHaveClass("button");
    expect(link).toHaveAttribute("aria-keyshortcuts", "b");
  });

  it("is followed by the router on a click, pushing an entry", async () => {
    const { location } = renderLinks();
    await userEvent.click(screen.getByRole("link", { name: "Para B" }));
    expect(await screen.findByRole("heading", { name: "B" })).toBeInTheDocument();
    expect(location.history).toEqual(["/a?q=amor", "/b?x=1"]);
  });

  it("replaces the entry when it leads where the user already is", async () => {
    const { location } = renderLinks();
    await userEvent.click(screen.getByRole("link", { name: "Aqui mesmo" }));
    expect(location.history).toEqual(["/a?q=amor"]);
  });

  it("leaves a modified click to the browser (a new tab), and a click its handler prevented", () => {
    const { location } = renderLinks((event) => {
      if (event.altKey) event.preventDefault();
    });
    const link = screen.getByRole("link", { name: "Para B" });
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(link, { altKey: true })).toBe(false);
    expect(screen.getByRole("heading", { name: "A" })).toBeInTheDocument();
    expect(location.history).toEqual(["/a?q=amor"]);
  });
});
