import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { paths } from "../paths";
import { SurpriseDialog } from "../surprise/SurpriseDialog";
import { makeThought } from "../testing/make-thought";
import { fakeApi } from "../testing/server";
import { renderWall } from "./render-wall";

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
    expect(screen.getAllByRole("article")).toHaveLength(3);

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
});
