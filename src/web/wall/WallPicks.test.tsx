import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWall } from "../../../test-support/web/render-wall";
import { paths } from "../paths";
import { SurpriseDialog } from "../surprise/SurpriseDialog";
import { makeThought } from "../testing/make-thought";
import { fakeApi } from "../testing/server";

const seedWall = (count: number) =>
  fakeApi.seed(
    Array.from({ length: count }, (_, i) => makeThought({ conteudo: `Pensamento número ${i + 1}` })),
  );

/** The day's section: its heading names it, and its card is a figure (the wall's cards are its articles). */
const daySection = () => screen.queryByRole("region", { name: "Pensamento do dia" });

/** The thought shown in the open 'Surpreenda-me' dialog. */
const drawn = async () => {
  const dialog = await screen.findByRole("dialog", { name: "Surpreenda-me" });
  return (await within(dialog).findByRole("figure")).textContent ?? "";
};

describe("the thought of the day and 'Surpreenda-me'", { timeout: 20_000 }, () => {
  it("shows the day's thought above the wall, and hides it in the favorites and while searching", async () => {
    seedWall(3);
    renderWall(paths.wall, SurpriseDialog);
    const section = await screen.findByRole("region", { name: "Pensamento do dia" });
    // The fake API's thought of the day is the oldest.
    expect(within(section).getByRole("figure")).toHaveTextContent("Pensamento número 1");
    // The cards follow in a render of their own (see drawn-list.ts).
    expect(await screen.findAllByRole("article")).toHaveLength(3);

    await userEvent.click(screen.getByRole("button", { name: "Meus favoritos" }));
    await waitFor(() => expect(daySection()).toBeNull());
    await userEvent.click(screen.getByRole("button", { name: "Meu Mural" }));
    expect(await screen.findByRole("region", { name: "Pensamento do dia" })).toBeVisible();

    await userEvent.type(screen.getByRole("searchbox"), "número 2");
    await waitFor(() => expect(daySection()).toBeNull());
  });

  it("shows no thought of the day on an empty wall", async () => {
    renderWall(paths.wall, SurpriseDialog);
    expect(await screen.findByText("Ainda não há pensamentos cadastrados!")).toBeVisible();
    await waitFor(() =>
      expect(fakeApi.requests().some(({ url }) => url.pathname === "/api/pensamentos/do-dia")).toBe(true),
    );
    expect(daySection()).toBeNull();
  });

  it("draws every thought once before any repeats, with 'Outro', and gives the focus back on 'Fechar'", async () => {
    seedWall(5);
    renderWall(paths.wall, SurpriseDialog);
    const button = await screen.findByRole("button", { name: "Surpreenda-me" });
    await userEvent.click(button);
    const seen = [await drawn()];
    const dialog = screen.getByRole("dialog", { name: "Surpreenda-me" });
    expect(within(dialog).getByRole("button", { name: "Outro" })).toHaveFocus();
    for (let i = 1; i < 5; i++) {
      await userEvent.click(within(dialog).getByRole("button", { name: "Outro" }));
      await waitFor(async () => expect(seen).not.toContain(await drawn()));
      seen.push(await drawn());
    }
    expect(new Set(seen).size).toBe(5);

    await userEvent.click(within(dialog).getByRole("button", { name: "Fechar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(button).toHaveFocus();
  });

  it("opens with the key s, but not while typing in the search", async () => {
    seedWall(2);
    renderWall(paths.wall, SurpriseDialog);
    const box = await screen.findByRole("searchbox");
    await userEvent.type(box, "s");
    expect(screen.queryByRole("dialog")).toBeNull();
    box.blur();
    await userEvent.keyboard("s");
    expect(await screen.findByRole("dialog", { name: "Surpreenda-me" })).toBeVisible();
    // Esc closes it too, in a real browser (jsdom fires no cancel event): e2e/surprise.spec.ts.
  });

  it("marks the day's thought as a favorite from its own card, as the wall's card of that thought shows", async () => {
    seedWall(2);
    renderWall(paths.wall, SurpriseDialog);
    const day = await screen.findByRole("region", { name: "Pensamento do dia" });
    const heart = within(day).getByRole("button", { name: "Favorito" });
    await userEvent.click(heart);
    await waitFor(() => expect(heart).toHaveAttribute("aria-pressed", "true"));
    // The fake API's day is the oldest thought, also on the wall, whose card follows once the pressed heart
    // has painted (see FavoriteHeart).
    const sameOnWall = screen
      .getAllByRole("article")
      .find((card) => card.textContent?.includes("Pensamento número 1"));
    await waitFor(() =>
      expect(within(sameOnWall as HTMLElement).getByRole("button", { name: "Favorito" })).toHaveAttribute(
        "aria-pressed",
        "true",
      ),
    );
  });

  it("says a failed favorite of the day's thought on the day's card, and gives its heart the focus back", async () => {
    seedWall(2);
    renderWall(paths.wall, SurpriseDialog);
    const day = await screen.findByRole("region", { name: "Pensamento do dia" });
    fakeApi.failNext("PATCH");
    const heart = within(day).getByRole("button", { name: "Favorito" });
    await userEvent.click(heart);
    expect(await within(day).findByRole("alert")).toHaveTextContent("Não foi possível marcar como favorito.");
    // Not also on the wall's card of the same thought.
    expect(screen.getAllByRole("alert")).toHaveLength(1);
    await waitFor(() => expect(heart).toHaveAttribute("aria-pressed", "false"));
    await userEvent.click(within(day).getByRole("button", { name: "Fechar" }));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(heart).toHaveFocus();
  });

  it("marks a drawn thought as a favorite, and opens its share dialog, from the draw's own card", async () => {
    seedWall(1);
    renderWall(paths.wall, SurpriseDialog);
    await userEvent.click(await screen.findByRole("button", { name: "Surpreenda-me" }));
    const dialog = await screen.findByRole("dialog", { name: "Surpreenda-me" });
    const figure = await within(dialog).findByRole("figure");
    await userEvent.click(within(figure).getByRole("button", { name: "Favorito" }));
    await waitFor(() =>
      expect(within(figure).getByRole("button", { name: "Favorito" })).toHaveAttribute(
        "aria-pressed",
        "true",
      ),
    );
    await waitFor(() => expect(fakeApi.requests().some(({ method }) => method === "PATCH")).toBe(true));
    expect(within(figure).getByRole("button", { name: "Compartilhar" })).toHaveAttribute(
      "aria-haspopup",
      "dialog",
    );
  });
});
