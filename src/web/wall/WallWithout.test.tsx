import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWall } from "../../../test-support/web/render-wall";
import { makeThought } from "../testing/make-thought";
import { fakeApi } from "../testing/server";
import { readWallView, wallAddress } from "./wall-address";

describe("a label kept out of the way (?sem=)", { timeout: 20_000 }, () => {
  it("is kept in the address with the rest of the view", () => {
    expect(readWallView("sem=kindle&favoritos=true")).toEqual({
      text: "",
      favorites: true,
      without: "kindle",
    });
    expect(wallAddress({ text: "", favorites: false, without: " kindle " })).toBe(
      "/listarPensamento?sem=kindle",
    );
  });

  it("leaves the label's thoughts out of the wall until 'Mostrar etiqueta'", async () => {
    fakeApi.seed([
      makeThought({ conteudo: "Do Kindle", etiquetas: ["Kindle"] }),
      makeThought({ conteudo: "Meu próprio" }),
    ]);
    const { location } = renderWall("/listarPensamento?sem=kindle");
    await screen.findByText("Meu próprio");
    expect(screen.queryByText("Do Kindle")).toBeNull();
    expect(screen.getByRole("heading", { level: 2, name: "Sem a etiqueta “kindle”" })).toBeInTheDocument();

    await userEvent.click(screen.getByRole("link", { name: "Mostrar de novo a etiqueta kindle" }));
    // On the wall, and perhaps as the day's thought too, which is back with the whole wall.
    expect((await screen.findAllByText("Do Kindle")).length).toBeGreaterThan(0);
    expect(location.history.at(-1)).toBe("/listarPensamento");
  });

  it("'Ocultar' on a label's heading swaps the filter for its exclusion", async () => {
    fakeApi.seed([
      makeThought({ conteudo: "Do Kindle", etiquetas: ["Kindle"] }),
      makeThought({ conteudo: "Meu próprio" }),
    ]);
    const { location } = renderWall("/listarPensamento?etiqueta=kindle");
    await screen.findByText("Do Kindle");
    await userEvent.click(screen.getByRole("link", { name: "Ocultar a etiqueta Kindle do mural" }));
    await waitFor(() => expect(location.history.at(-1)).toBe("/listarPensamento?sem=Kindle"));
    await screen.findByText("Meu próprio");
    expect(screen.queryByText("Do Kindle")).toBeNull();
  });
});
