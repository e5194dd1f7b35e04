import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Thought } from "../../domain/contract";
import { paths } from "../paths";
import { makeThought, makeThoughts } from "../testing/make-thought";
import { loadScreens, renderApp } from "../testing/render-app";
import { fakeApi } from "../testing/server";
import { SAVED_MS } from "./SavedLine";

// The screens' code is fetched once, before the tests, as the app does while the wall is idle.
beforeAll(loadScreens);

// jsdom lays nothing out, so it has no scrollIntoView: noted, to see which card was brought into view.
const scrolledTo = vi.fn<(this: Element, options?: ScrollIntoViewOptions) => void>(function (
  this: Element,
) {});
const jsdomScroll = Object.getOwnPropertyDescriptor(Element.prototype, "scrollIntoView");
beforeEach(() => {
  scrolledTo.mockClear();
  Element.prototype.scrollIntoView = scrolledTo;
});
// One jsdom serves every file of a worker: it is left as it was found.
afterAll(() => {
  if (jsdomScroll) Object.defineProperty(Element.prototype, "scrollIntoView", jsdomScroll);
  else Reflect.deleteProperty(Element.prototype, "scrollIntoView");
});

afterEach(() => {
  vi.useRealTimers();
});

const card = (author: string) => screen.getByRole("article", { name: `Pensamento de ${author}` });
const savedLine = () => screen.queryByText("Pensamento salvo.")?.closest<HTMLElement>("[role=status]");
const showButton = () => screen.getByRole("button", { name: "Ver no mural" });

/** The app at `path` with Ana's thought as a favourite and Bia's not; the screen's heading drawn. */
async function openAt(path: string, heading: string) {
  const [ana, bia] = [
    makeThought({ id: 1, conteudo: "Favorito antigo", autoria: "Ana", favorito: true }),
    makeThought({ id: 2, conteudo: "Recém-salvo", autoria: "Bia" }),
  ];
  fakeApi.seed([ana, bia] as Thought[]);
  const app = renderApp(path);
  await screen.findByRole("heading", { level: 1, name: heading });
  return { app, bia: bia as Thought };
}

describe("the line that confirms a save", () => {
  it("says 'Pensamento salvo.' on the wall the form returns to, and marks the new card there", async () => {
    fakeApi.seed([makeThought({ id: 1, conteudo: "Mais antigo", autoria: "Ana" })]);
    renderApp(paths.wall);
    const user = userEvent.setup();
    await screen.findByRole("article", { name: "Pensamento de Ana" });
    await user.click(screen.getByRole("link", { name: "Novo pensamento" }));
    await user.type(await screen.findByRole("textbox", { name: "Pensamento" }), "Novo aqui");
    await user.type(screen.getByRole("textbox", { name: "Autoria ou fonte" }), "Bia");
    expect(savedLine()).toBeFalsy();
    await user.click(screen.getByRole("button", { name: "Salvar" }));

    await screen.findByRole("heading", { level: 1, name: "Meu mural" });
    await waitFor(() => expect(savedLine()).toBeInTheDocument());
    expect(savedLine()).toHaveTextContent("Pensamento salvo.Ver no mural");
    // Within the region that was in the page before, so that a screen reader announces it.
    expect(savedLine()?.parentElement).toHaveAttribute("aria-live", "polite");
    expect(card("Bia")).toHaveClass("marked");
    expect(card("Ana")).not.toHaveClass("marked");
  });

  it("shows a thought that is not in the current view on the whole wall, focused and marked", async () => {
    const { app, bia } = await openAt(`${paths.wall}?favoritos=true`, "Meus favoritos");
    await screen.findByRole("article", { name: "Pensamento de Ana" });
    act(() => app.appState.saved.set({ kind: "created", thought: bia }));
    await waitFor(() => expect(savedLine()).toBeInTheDocument());
    expect(screen.queryByRole("article", { name: "Pensamento de Bia" })).not.toBeInTheDocument();

    await userEvent.setup().click(showButton());
    await screen.findByRole("heading", { level: 1, name: "Meu mural" });
    await waitFor(() => expect(card("Bia")).toHaveFocus());
    expect(card("Bia")).toHaveClass("marked");
    expect(scrolledTo.mock.contexts).toEqual([card("Bia")]);
    expect(scrolledTo).toHaveBeenCalledWith({ block: "center" });
    expect(app.location.history.at(-1)).toBe(paths.wall);
    await waitFor(() => expect(savedLine()).toBeFalsy());
  });

  it("loads the whole wall down to an edited thought that left the view, to show it at its place", async () => {
    fakeApi.seed(makeThoughts(20, { autoria: "Autor" }).map((t) => ({ ...t, autoria: `Autor ${t.id}` })));
    const app = renderApp(paths.wall);
    await screen.findByRole("article", { name: "Pensamento de Autor 20" });
    act(() => app.location.navigate(`${paths.wall}?q=Autor 19`));
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(1));
    const edited = fakeApi.thought(3) as Thought;
    act(() => app.appState.saved.set({ kind: "edited", thought: edited }));
    await waitFor(() => expect(savedLine()).toBeInTheDocument());

    await userEvent.setup().click(showButton());
    await waitFor(() => expect(card("Autor 3")).toHaveFocus());
    expect(card("Autor 3")).toHaveClass("marked");
    // The pages down to it, as 'Carregar mais' would have shown them: 20…15, 14…9, 8…3.
    expect(screen.getAllByRole("article")).toHaveLength(18);
  });

  it("focuses the card where it already is, without leaving the view, on the key v", async () => {
    const { app } = await openAt(`${paths.wall}?favoritos=true`, "Meus favoritos");
    const ana = fakeApi.thought(1) as Thought;
    await screen.findByRole("article", { name: "Pensamento de Ana" });
    act(() => app.appState.saved.set({ kind: "edited", thought: ana }));
    await waitFor(() => expect(savedLine()).toBeInTheDocument());
    expect(showButton()).toHaveAttribute("aria-keyshortcuts", "v");

    await userEvent.setup().keyboard("v");
    await waitFor(() => expect(card("Ana")).toHaveFocus());
    expect(card("Ana")).toHaveClass("marked");
    expect(scrolledTo.mock.contexts).toEqual([card("Ana")]);
    expect(app.location.history).toEqual([`${paths.wall}?favoritos=true`]);
    expect(savedLine()).toBeFalsy();
  });

  it("is said on the screen the form was opened from, and 'Ver no mural' leaves it for the wall", async () => {
    const { app, bia } = await openAt(paths.trash, "Lixeira");
    act(() => app.appState.saved.set({ kind: "created", thought: bia }));
    await waitFor(() => expect(savedLine()).toBeInTheDocument());

    await userEvent.setup().click(showButton());
    await screen.findByRole("heading", { level: 1, name: "Meu mural" });
    await waitFor(() => expect(card("Bia")).toHaveFocus());
    expect(card("Bia")).toHaveClass("marked");
  });

  it("goes about four seconds after it shows, and when the user moves to another screen", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { app, bia } = await openAt(paths.wall, "Meu mural");
    act(() => app.appState.saved.set({ kind: "created", thought: bia }));
    await waitFor(() => expect(savedLine()).toBeInTheDocument());
    await act(() => vi.advanceTimersByTimeAsync(SAVED_MS - 1_000));
    expect(savedLine()).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    await waitFor(() => expect(savedLine()).toBeFalsy());
    vi.useRealTimers();

    act(() => app.appState.saved.set({ kind: "edited", thought: bia }));
    await waitFor(() => expect(savedLine()).toBeInTheDocument());
    const banner = screen.getByRole("banner");
    await userEvent.setup().click(within(banner).getByRole("link", { name: "Lixeira" }));
    await screen.findByRole("heading", { level: 1, name: "Lixeira" });
    await waitFor(() => expect(savedLine()).toBeFalsy());
  });

  it("waits for the form to leave, and is said on the screen it leaves to", async () => {
    const { app, bia } = await openAt(paths.create, "Adicione um novo pensamento");
    act(() => app.appState.saved.set({ kind: "created", thought: bia }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(savedLine()).toBeFalsy();
    act(() => app.location.navigate(paths.wall, { replace: true }));
    await waitFor(() => expect(savedLine()).toBeInTheDocument());
  });
});
