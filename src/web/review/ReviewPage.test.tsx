import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse, http } from "msw";
import { beforeAll, describe, expect, it } from "vitest";
import { apiPaths } from "../../domain/contract";
import { PENDING_ANSWERS_KEY } from "../api/review-day";
import { paths } from "../paths";
import { makeThought } from "../testing/make-thought";
import { loadScreens, renderApp } from "../testing/render-app";
import { fakeApi, server } from "../testing/server";

beforeAll(loadScreens);

/** Three thoughts; the fake's day takes the oldest first, so 'Primeiro' is the first card. */
function seedThree() {
  fakeApi.review.settings.porDia = 3;
  fakeApi.seed([
    makeThought({ id: 3, conteudo: "Terceiro pensamento", autoria: "Cora" }),
    makeThought({ id: 2, conteudo: "Segundo pensamento", autoria: "Bia" }),
    makeThought({ id: 1, conteudo: "Primeiro pensamento", autoria: "Ana" }),
  ]);
}

const answersSent = () =>
  fakeApi
    .requests()
    .filter((request) => request.method === "POST" && request.url.pathname === apiPaths.reviewAnswers)
    .map((request) => request.body as { pensamentoId: number; resposta: string; pedidoId: string });

const card = () => screen.getByRole("figure");

/** Waits for the card showing `text`: each card is a figure of its own, drawn once the cache has the answer. */
const showing = (text: string) => waitFor(() => expect(within(card()).getByText(text)).toBeInTheDocument());

async function openReview(address: string = paths.review) {
  const view = renderApp(address);
  await screen.findByRole("figure");
  return view;
}

describe("the day's review", { timeout: 20_000 }, () => {
  it("goes card by card with the keys, to the closing screen with the streak and the calendar", async () => {
    seedThree();
    await openReview();
    expect(screen.getByRole("heading", { level: 1, name: "Revisão de hoje" })).toBeInTheDocument();
    expect(within(card()).getByText("Primeiro pensamento")).toHaveAttribute("dir", "auto");
    expect(within(card()).getByText("Você não vê este há 8 meses")).toBeInTheDocument();
    expect(screen.getByText("1 de 3")).toBeInTheDocument();

    await userEvent.keyboard("{Enter}");
    await showing("Segundo pensamento");
    expect(screen.getByText("2 de 3")).toBeInTheDocument();
    await userEvent.keyboard("1");
    await showing("Terceiro pensamento");
    await userEvent.keyboard("f");

    expect(await screen.findByRole("heading", { name: "Revisão de hoje concluída" })).toHaveFocus();
    expect(screen.getByText("1 dia seguido")).toBeInTheDocument();
    const november = screen.getByRole("table", { name: "Novembro de 2026" });
    expect(within(november).getByRole("cell", { name: "27, revisado" })).toBeInTheDocument();
    expect(screen.getAllByRole("table")).toHaveLength(12);

    await waitFor(() => expect(fakeApi.review.answers().size).toBe(3));
    const sent = answersSent();
    expect(sent.map(({ pensamentoId, resposta }) => [pensamentoId, resposta])).toEqual([
      [1, "proximo"],
      [2, "em_breve"],
      [3, "favoritar"],
    ]);
    expect(new Set(sent.map((answer) => answer.pedidoId)).size).toBe(3);
    expect(sent[0]?.pedidoId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(fakeApi.thought(3)?.favorito).toBe(true);
  });

  it("draws the next card at once, while the server has not answered yet", async () => {
    seedThree();
    const held = fakeApi.hold((url, method) => method === "POST" && url.pathname === apiPaths.reviewAnswers);
    await openReview();
    await userEvent.click(screen.getByRole("button", { name: /^Próximo/ }));
    await showing("Segundo pensamento");
    await userEvent.click(screen.getByRole("button", { name: /^Mais tarde/ }));
    await showing("Terceiro pensamento");
    expect(fakeApi.review.answers().size).toBe(0);
    held.release();
    await waitFor(() => expect(fakeApi.review.answers().size).toBe(2));
  });

  it("keeps an answer given offline on the device and sends it once when the connection returns", async () => {
    seedThree();
    server.use(http.post(apiPaths.reviewAnswers, () => HttpResponse.error()));
    await openReview();
    await userEvent.keyboard("{ArrowRight}");
    await showing("Segundo pensamento");
    await waitFor(() => expect(localStorage.getItem(PENDING_ANSWERS_KEY)).toContain('"resposta":"proximo"'));
    expect(fakeApi.review.answers().size).toBe(0);

    server.resetHandlers();
    act(() => {
      window.dispatchEvent(new Event("online"));
    });
    await waitFor(() => expect(fakeApi.review.answers().get(1)).toBe("proximo"));
    await waitFor(() => expect(localStorage.getItem(PENDING_ANSWERS_KEY)).toBeNull());
    // Another 'online' sends nothing more: the answer was sent once.
    const before = answersSent().length;
    act(() => {
      window.dispatchEvent(new Event("online"));
    });
    expect(answersSent()).toHaveLength(before);
  });

  it("tries a failed send again by itself while the browser is online, with no other event to prompt it", async () => {
    // The connection's return can come before the network works: the send made on 'online' (or one under
    // way when it came) then fails, and must not wait for the review to be opened again.
    seedThree();
    server.use(http.post(apiPaths.reviewAnswers, () => HttpResponse.error(), { once: true }));
    await openReview();
    await userEvent.keyboard("{ArrowRight}");
    await showing("Segundo pensamento");
    await waitFor(() => expect(fakeApi.review.answers().get(1)).toBe("proximo"), { timeout: 10_000 });
    await waitFor(() => expect(localStorage.getItem(PENDING_ANSWERS_KEY)).toBeNull());
    expect(answersSent()).toHaveLength(1);
  });

  it("'Descartar da revisão' (d) offers 'Desfazer', which brings the card back", async () => {
    seedThree();
    await openReview();
    await userEvent.keyboard("d");
    await showing("Segundo pensamento");
    expect(screen.getByText(/^Descartado da revisão/)).toBeVisible();
    await waitFor(() => expect(fakeApi.review.discarded.has(1)).toBe(true));
    await userEvent.click(screen.getByRole("button", { name: "Desfazer" }));
    await showing("Primeiro pensamento");
    expect(fakeApi.review.discarded.has(1)).toBe(false);
    expect(screen.getByText("1 de 3")).toBeInTheDocument();
  });

  it("goes to the next card on a swipe", async () => {
    seedThree();
    await openReview();
    const figure = card();
    const pointer = { pointerId: 1, pointerType: "touch", button: 0 };
    act(() => {
      figure.dispatchEvent(
        new PointerEvent("pointerdown", { ...pointer, clientX: 300, clientY: 200, bubbles: true }),
      );
      figure.dispatchEvent(
        new PointerEvent("pointerup", { ...pointer, clientX: 120, clientY: 210, bubbles: true }),
      );
    });
    // A new card is a new figure: found again, not within the one swiped away.
    await showing("Segundo pensamento");
    await waitFor(() => expect(fakeApi.review.answers().get(1)).toBe("proximo"));
  });

  it("shows a cloze card with its words hidden, then 'Mostrar' and the four grades", async () => {
    fakeApi.review.settings.porDia = 1;
    fakeApi.seed([makeThought({ id: 1, conteudo: "Navegar é preciso", autoria: "Pessoa" })]);
    fakeApi.review.memorised.set(1, { modo: "lacuna", ocultas: [2] });
    await openReview();
    expect(card()).toHaveTextContent("Navegar é _______(palavra oculta)");
    await userEvent.keyboard("1");
    expect(answersSent()).toHaveLength(0);
    await userEvent.click(screen.getByRole("button", { name: "Mostrar" }));
    expect(within(card()).getByText("preciso").tagName).toBe("MARK");
    await userEvent.click(screen.getByRole("button", { name: /^Bom/ }));
    expect(await screen.findByRole("heading", { name: "Revisão de hoje concluída" })).toBeInTheDocument();
    await waitFor(() => expect(fakeApi.review.answers().get(1)).toBe("bom"));
  });

  it("hides the author of a 'Quem disse?' card until 'Mostrar'", async () => {
    fakeApi.review.settings.porDia = 1;
    fakeApi.seed([makeThought({ id: 1, conteudo: "Tudo vale a pena", autoria: "Pessoa" })]);
    fakeApi.review.memorised.set(1, { modo: "quem" });
    await openReview();
    expect(within(card()).getByText("Quem disse?")).toBeInTheDocument();
    expect(within(card()).queryByText("Pessoa")).toBeNull();
    await userEvent.keyboard(" ");
    expect(within(card()).getByText("Pessoa")).toBeInTheDocument();
    await userEvent.keyboard("4");
    await waitFor(() => expect(fakeApi.review.answers().get(1)).toBe("facil"));
  });

  it("says so when there is nothing to review", async () => {
    renderApp(paths.review);
    expect(await screen.findByText(/Nada para revisar hoje/)).toBeInTheDocument();
  });
});

describe("a themed review", { timeout: 20_000 }, () => {
  it("reviews a label's thoughts alone, with the same feedback", async () => {
    fakeApi.seed([
      makeThought({ id: 2, conteudo: "Com etiqueta", etiquetas: ["poesia"] }),
      makeThought({ id: 1, conteudo: "Sem etiqueta" }),
    ]);
    await openReview(paths.reviewOf({ etiqueta: "poesia" }));
    expect(screen.getByRole("heading", { level: 1, name: "Revisão: etiqueta “poesia”" })).toBeInTheDocument();
    expect(within(card()).getByText("Com etiqueta")).toBeInTheDocument();
    expect(screen.getByText("1 de 1")).toBeInTheDocument();
    await userEvent.keyboard("3");
    expect(await screen.findByRole("heading", { name: "Revisão do tema concluída" })).toBeInTheDocument();
    await waitFor(() => expect(answersSent()[0]).toMatchObject({ pensamentoId: 2, resposta: "bem_depois" }));
    expect(fakeApi.requests().some((request) => request.url.search === "?etiqueta=poesia")).toBe(true);
  });
});

describe("the way in", { timeout: 20_000 }, () => {
  it("the wall links to the review with what is left today, and r opens it", async () => {
    seedThree();
    const { location } = renderApp(paths.wall);
    // Asked for once the page has settled (ReviewCount, with the forms' code): some seconds after the wall is drawn.
    const link = await screen.findByRole("link", { name: "Revisão · 3 cartões para hoje" });
    expect(link).toHaveAttribute("href", paths.review);
    await userEvent.keyboard("r");
    expect(await screen.findByRole("heading", { level: 1, name: "Revisão de hoje" })).toBeInTheDocument();
    expect(location.history.at(-1)).toBe(paths.review);
  });

  it("a wall narrowed to an author offers 'Revisar' that author", async () => {
    fakeApi.seed([makeThought({ id: 1, autoria: "Clarice" })]);
    renderApp(`${paths.wall}?autoria=Clarice`);
    const link = await screen.findByRole("link", { name: "Revisar os pensamentos de Clarice" });
    expect(link).toHaveAttribute("href", "/revisao?autoria=Clarice");
  });
});

describe("the review's settings", { timeout: 20_000 }, () => {
  it("saves them on the server and shows its message by a field out of range", async () => {
    renderApp(paths.reviewSettings);
    const perDay = await screen.findByRole("spinbutton", { name: "Cartões por dia" });
    await userEvent.clear(perDay);
    await userEvent.type(perDay, "20");
    await userEvent.click(screen.getByRole("button", { name: "Salvar ajustes" }));
    expect(await screen.findByText("porDia deve ser um número inteiro de 3 a 15.")).toBeInTheDocument();
    expect(perDay).toHaveAttribute("aria-invalid", "true");
    expect(fakeApi.review.settings.porDia).toBe(5);

    await userEvent.clear(perDay);
    await userEvent.type(perDay, "7");
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "O dia da revisão começa às" }), "6");
    await userEvent.click(screen.getByRole("radio", { name: "Mais os recentes" }));
    await userEvent.type(screen.getByRole("textbox", { name: "Etiqueta a ajustar" }), "kindle");
    await userEvent.selectOptions(
      screen.getByRole("combobox", { name: "Frequência da nova etiqueta" }),
      "nunca",
    );
    await userEvent.click(screen.getByRole("button", { name: "Adicionar etiqueta" }));
    await userEvent.click(screen.getByRole("button", { name: "Salvar ajustes" }));
    expect(await screen.findByText("Ajustes salvos.")).toBeInTheDocument();
    expect(fakeApi.review.settings).toMatchObject({
      porDia: 7,
      viradaHora: 6,
      recencia: "recentes",
      pesos: { etiquetas: { kindle: "nunca" } },
    });
  });

  it("rotates the feed's private address", async () => {
    renderApp(paths.reviewSettings);
    const address = await screen.findByRole("textbox", { name: "Endereço privado do feed" });
    expect(address).toHaveValue(`${location.origin}/api/revisao/feed.atom?token=token-1`);
    await userEvent.click(screen.getByRole("button", { name: "Gerar novo endereço" }));
    await waitFor(() =>
      expect(address).toHaveValue(`${location.origin}/api/revisao/feed.atom?token=token-2`),
    );
    expect(screen.getByText("Novo endereço gerado: o anterior deixou de funcionar.")).toBeInTheDocument();
  });
});

describe("Memorizar", { timeout: 20_000 }, () => {
  it("marks the words tapped to hide as a cloze", async () => {
    fakeApi.seed([makeThought({ id: 4, conteudo: "O amor é fogo que arde" })]);
    renderApp(paths.memorize(4));
    await userEvent.click(await screen.findByRole("button", { name: "amor" }));
    await userEvent.click(screen.getByRole("button", { name: "fogo" }));
    expect(screen.getByRole("button", { name: "fogo" })).toHaveAttribute("aria-pressed", "true");
    await userEvent.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(fakeApi.review.memorised.get(4)).toEqual({ modo: "lacuna", ocultas: [1, 3] }));
  });

  it("marks 'Quem disse?', and the edit form leads there", async () => {
    fakeApi.seed([makeThought({ id: 4, conteudo: "Tudo vale a pena" })]);
    renderApp(paths.edit(4));
    await userEvent.click(await screen.findByRole("link", { name: "Memorizar este pensamento" }));
    await userEvent.click(await screen.findByRole("radio", { name: "Quem disse? (esconder a autoria)" }));
    await userEvent.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(fakeApi.review.memorised.get(4)).toEqual({ modo: "quem" }));
  });
});
