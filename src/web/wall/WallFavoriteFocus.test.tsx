import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http } from "msw";
import { describe, expect, it } from "vitest";
import { renderWall } from "../../../test-support/web/render-wall";
import { API_PREFIX, apiRoutes } from "../../domain/contract";
import { notFoundAnswer } from "../testing/answers";
import { makeThought } from "../testing/make-thought";
import { fakeApi, server } from "../testing/server";

const FAVORITES = "/listarPensamento?favoritos=true";

const card = (author: string) => screen.getByRole("article", { name: `Pensamento de ${author}` });
const heartOf = (author: string) => within(card(author)).getByRole("button", { name: "Favorito" });

function seedAuthors(authors: string[], favorito: boolean) {
  // Newest first on the wall: seeded in reverse, the wall shows them in the order given.
  fakeApi.seed([...authors].reverse().map((autoria) => makeThought({ autoria, favorito })));
}

describe("a failed favorite change, said on its card", { timeout: 20_000 }, () => {
  it("shows the message inside the card, rolls the heart back and closes with 'Fechar'", async () => {
    seedAuthors(["Ana", "Bia"], false);
    renderWall();
    await screen.findAllByRole("article");
    fakeApi.failNext("PATCH");
    await userEvent.click(heartOf("Bia"));
    const alert = await within(card("Bia")).findByRole("alert");
    expect(alert).toHaveTextContent(/^Não foi possível marcar como favorito\. Erro no servidor\.$/);
    await waitFor(() => expect(heartOf("Bia")).toHaveAttribute("aria-pressed", "false"));
    expect(within(card("Ana")).queryByRole("alert")).toBeNull();

    await userEvent.click(within(card("Bia")).getByRole("button", { name: "Fechar" }));
    expect(screen.queryByRole("alert")).toBeNull();
    // The closed message held the focus: it goes back to the card's own heart, not to the page.
    expect(heartOf("Bia")).toHaveFocus();
  });

  it("says one failure at a time: the next one replaces it, on its own card", async () => {
    seedAuthors(["Ana", "Bia"], false);
    renderWall();
    await screen.findAllByRole("article");
    fakeApi.failNext("PATCH");
    await userEvent.click(heartOf("Ana"));
    await within(card("Ana")).findByRole("alert");
    fakeApi.failNext("PATCH");
    await userEvent.click(heartOf("Bia"));
    await within(card("Bia")).findByRole("alert");
    expect(screen.getAllByRole("alert")).toHaveLength(1);
  });

  it("tries again from the card, and the message goes once it works", async () => {
    seedAuthors(["Ana"], false);
    renderWall();
    await screen.findByRole("article");
    fakeApi.failNext("PATCH");
    await userEvent.click(heartOf("Ana"));
    await userEvent.click(await within(card("Ana")).findByRole("button", { name: "Tentar de novo" }));
    await waitFor(() => expect(heartOf("Ana")).toHaveAttribute("aria-pressed", "true"));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(heartOf("Ana")).toHaveFocus();
  });

  it("offers no retry for a thought deleted meanwhile", async () => {
    seedAuthors(["Ana"], false);
    renderWall();
    await screen.findByRole("article");
    // Deleted in another tab: the server no longer knows the id.
    server.use(http.patch(`${API_PREFIX}${apiRoutes.thought}`, () => notFoundAnswer()));
    await userEvent.click(heartOf("Ana"));
    const alert = await within(card("Ana")).findByRole("alert");
    expect(alert).toHaveTextContent("Não foi possível marcar como favorito. Este pensamento foi excluído.");
    expect(within(card("Ana")).queryByRole("button", { name: "Tentar de novo" })).toBeNull();
    expect(within(card("Ana")).getByRole("button", { name: "Fechar" })).toBeVisible();
  });
});

describe("the focus after un-favoriting in 'Meus favoritos'", { timeout: 20_000 }, () => {
  it("goes to the next card", async () => {
    seedAuthors(["Ana", "Bia", "Caio"], true);
    renderWall(FAVORITES);
    await screen.findAllByRole("article");
    await userEvent.click(heartOf("Bia"));
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(2));
    await waitFor(() => expect(card("Caio")).toHaveFocus());
  });

  it("goes to the previous card when the last one leaves, and to the heading when none is left", async () => {
    seedAuthors(["Ana", "Bia"], true);
    renderWall(FAVORITES);
    await screen.findAllByRole("article");
    await userEvent.click(heartOf("Bia"));
    await waitFor(() => expect(card("Ana")).toHaveFocus());
    await userEvent.click(heartOf("Ana"));
    await screen.findByText("Você ainda não marcou nenhum favorito.");
    await waitFor(() =>
      expect(screen.getByRole("heading", { level: 1, name: "Meus favoritos" })).toHaveFocus(),
    );
  });

  it("leaves the focus alone in 'Meu mural', where the card stays", async () => {
    seedAuthors(["Ana", "Bia"], true);
    renderWall();
    await screen.findAllByRole("article");
    await userEvent.click(heartOf("Ana"));
    await waitFor(() => expect(heartOf("Ana")).toHaveAttribute("aria-pressed", "false"));
    expect(heartOf("Ana")).toHaveFocus();
  });
});
