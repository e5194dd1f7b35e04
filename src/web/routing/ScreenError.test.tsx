import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type ComponentType, Suspense } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { paths } from "../paths";
import { renderAt } from "../testing/render-at";
import { ScreenLoading } from "../ui/ScreenLoading";
import { lazyScreen, retryOnce } from "./lazy-screen";
import { ScreenError } from "./ScreenError";

const chunkError = () => new TypeError("Failed to fetch dynamically imported module: /assets/forms-x.js");

function FormScreen() {
  return <h1>Adicione um novo pensamento</h1>;
}

/** A loader that fails `failures` times, then gives FormScreen, as a chunk on a flaky network would. */
function flakyLoader(failures: number) {
  let left = failures;
  return vi.fn(async (): Promise<ComponentType> => {
    if (left-- > 0) throw chunkError();
    return FormScreen;
  });
}

/** A part loaded on demand (as the app's dialogs are) drawn in a route with its error element, and the wall beside it. */
function renderLazyScreen(load: () => Promise<ComponentType>) {
  const Screen = lazyScreen(retryOnce(load, 5));
  return renderAt(paths.create, [
    {
      path: paths.create,
      element: (
        <Suspense fallback={<ScreenLoading title="Novo pensamento" />}>
          <Screen />
        </Suspense>
      ),
      errorElement: <ScreenError />,
    },
    { path: paths.wall, element: <h1>Meu mural</h1> },
  ]);
}

describe("retryOnce", () => {
  it("loads once when the first try works", async () => {
    const load = vi.fn().mockResolvedValue("chunk");
    await expect(retryOnce(load, 1)()).resolves.toBe("chunk");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("tries a second time after a failure, and gives what that try gives", async () => {
    const load = vi.fn().mockRejectedValueOnce(chunkError()).mockResolvedValue("chunk");
    await expect(retryOnce(load, 1)()).resolves.toBe("chunk");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("gives up after the second failure, with its error", async () => {
    const second = new TypeError("second");
    const load = vi.fn().mockRejectedValueOnce(chunkError()).mockRejectedValueOnce(second);
    await expect(retryOnce(load, 1)()).rejects.toBe(second);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe("a lazy screen's error element", () => {
  beforeEach(() => {
    // React reports each error a boundary catches on the console; here they are the point of the test.
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("shows the screen when its code fails once and then loads", async () => {
    const load = flakyLoader(1);
    renderLazyScreen(load);
    expect(screen.getByRole("status")).toHaveTextContent("Carregando…");
    expect(await screen.findByRole("heading", { name: "Adicione um novo pensamento" })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole("heading", { name: "Algo deu errado" })).not.toBeInTheDocument();
  });

  it("says in pt-BR that the screen could not load, with Recarregar and Voltar ao mural, when it fails twice", async () => {
    const load = flakyLoader(2);
    renderLazyScreen(load);
    const heading = await screen.findByRole("heading", { level: 1, name: "Algo deu errado" });
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByText(/Não foi possível carregar esta tela/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Recarregar" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Voltar ao mural" })).toHaveAttribute("href", paths.wall);
    expect(heading).toHaveFocus();
    expect(document.title).toBe("Algo deu errado · Memoteca");
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });

  it("recovers on another address: the wall draws, and the screen loads afresh when opened again", async () => {
    const load = flakyLoader(2);
    const { location } = renderLazyScreen(load);
    await screen.findByRole("heading", { name: "Algo deu errado" });
    await userEvent.setup().click(screen.getByRole("link", { name: "Voltar ao mural" }));
    expect(await screen.findByRole("heading", { name: "Meu mural" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Algo deu errado" })).not.toBeInTheDocument();

    // As after Back and Forward: React.lazy alone would show the old failure again without asking.
    location.navigate(paths.create);
    expect(await screen.findByRole("heading", { name: "Adicione um novo pensamento" })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(3);
  });
});
