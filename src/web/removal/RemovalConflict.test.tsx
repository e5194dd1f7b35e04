import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { IF_MATCH_HEADER } from "../../domain/contract";
import { paths } from "../paths";
import { makeThought } from "../testing/make-thought";
import { renderAt } from "../testing/render-at";
import { fakeApi } from "../testing/server";
import { RemovalDialog } from "./RemovalDialog";

const deletes = () => fakeApi.requests().filter((request) => request.method === "DELETE");

describe("a deletion that meets another device's change (412)", { timeout: 20_000 }, () => {
  it("deletes nothing, shows the text as it is now and says so; confirmed again, it deletes", async () => {
    fakeApi.seed([makeThought({ id: 3, conteudo: "Vai embora", autoria: "Alguém", versao: 1 })]);
    renderAt(paths.remove(3), [
      { path: paths.patterns.remove, element: <RemovalDialog /> },
      { path: paths.wall, element: <h1>Meu mural</h1> },
    ]);
    await screen.findByText("Vai embora");
    fakeApi.change(3, { conteudo: "Fica, mudei de ideia" });
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Excluir" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(
      "O pensamento não foi excluído: ele mudou em outro aparelho. Confira o texto de agora, acima, e confirme de novo.",
    );
    expect(await screen.findByText("Fica, mudei de ideia")).toBeInTheDocument();
    expect(fakeApi.thought(3)).toBeDefined();
    expect(deletes()[0]?.headers.get(IF_MATCH_HEADER)).toBe('"1"');

    await user.click(screen.getByRole("button", { name: "Excluir" }));
    expect(await screen.findByRole("heading", { name: "Meu mural" })).toBeInTheDocument();
    await waitFor(() => expect(fakeApi.thought(3)).toBeUndefined());
    expect(deletes()[1]?.headers.get(IF_MATCH_HEADER)).toBe('"2"');
  });
});
