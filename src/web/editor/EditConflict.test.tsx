import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { apiPaths, IF_MATCH_HEADER } from "../../domain/contract";
import { paths } from "../paths";
import { makeThought } from "../testing/make-thought";
import { renderAt } from "../testing/render-at";
import { fakeApi } from "../testing/server";
import { EditPage } from "./EditPage";

const MINE = "Carpe diem, como eu escrevi no celular";
const THEIRS = "Carpe diem, como ficou no notebook";

const writes = () => fakeApi.requests().filter((request) => request.method !== "GET");

/**
 * The edit form of thought 7 opened at version 1, then the thought edited on another device (version 2),
 * then the user's own edit saved: the server refuses it with a 412.
 */
async function saveOverAnotherDevice() {
  fakeApi.seed([
    makeThought({ id: 7, conteudo: "Carpe diem", autoria: "Horácio", favorito: true, versao: 1 }),
  ]);
  renderAt(paths.edit(7), [
    { path: paths.patterns.edit, element: <EditPage /> },
    { path: paths.wall, element: <h1>Meu mural</h1> },
  ]);
  const user = userEvent.setup();
  const box = await screen.findByRole("textbox", { name: "Pensamento" });
  fakeApi.change(7, { conteudo: THEIRS });
  await user.clear(box);
  await user.paste(MINE);
  await user.click(screen.getByRole("button", { name: "Salvar" }));
  const region = await screen.findByRole("region", { name: "Este pensamento mudou em outro aparelho" });
  return { user, region };
}

describe("a save that meets another device's change (412)", { timeout: 20_000 }, () => {
  it("sends the version the form was filled from, and offers both texts with the focus on the choice", async () => {
    const { region } = await saveOverAnotherDevice();
    const [refused] = writes();
    expect(refused?.method).toBe("PUT");
    expect(refused?.headers.get(IF_MATCH_HEADER)).toBe('"1"');
    expect(region).toHaveFocus();
    expect(within(region).getByRole("figure", { name: "O seu" })).toHaveTextContent(MINE);
    expect(within(region).getByRole("figure", { name: "O do outro aparelho" })).toHaveTextContent(THEIRS);
    for (const name of ["Manter o meu", "Usar o outro", "Manter os dois"]) {
      expect(within(region).getByRole("button", { name })).toBeVisible();
    }
    // Nothing saved over the other device's text, and the user's text is still in the form.
    expect(fakeApi.thought(7)?.conteudo).toBe(THEIRS);
    expect(screen.getByRole("textbox", { name: "Pensamento" })).toHaveValue(MINE);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("'Manter o meu', from the keyboard, saves mine over the new version, keeping its favourite", async () => {
    const { user } = await saveOverAnotherDevice();
    await user.tab();
    expect(screen.getByRole("button", { name: "Manter o meu" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(await screen.findByRole("heading", { name: "Meu mural" })).toBeInTheDocument();
    const [, kept] = writes();
    expect(kept?.method).toBe("PUT");
    expect(kept?.headers.get(IF_MATCH_HEADER)).toBe('"2"');
    expect(fakeApi.thought(7)).toMatchObject({ conteudo: MINE, favorito: true, versao: 3 });
    expect(fakeApi.thoughts()).toHaveLength(1);
  });

  it("'Usar o outro' leaves the form without asking, and the other device's text stays", async () => {
    const { user } = await saveOverAnotherDevice();
    await user.click(screen.getByRole("button", { name: "Usar o outro" }));
    expect(await screen.findByRole("heading", { name: "Meu mural" })).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(writes()).toHaveLength(1);
    expect(fakeApi.thought(7)?.conteudo).toBe(THEIRS);
  });

  it("'Manter os dois' saves mine as a new thought beside the other", async () => {
    const { user } = await saveOverAnotherDevice();
    await user.click(screen.getByRole("button", { name: "Manter os dois" }));
    expect(await screen.findByRole("heading", { name: "Meu mural" })).toBeInTheDocument();
    const [, created] = writes();
    expect(created?.method).toBe("POST");
    expect(created?.url.pathname).toBe(apiPaths.thoughts);
    await waitFor(() =>
      expect(fakeApi.thoughts().map((thought) => thought.conteudo)).toEqual([MINE, THEIRS]),
    );
  });

  it("asks again, with the newest text, when the other device changed it once more", async () => {
    const { user } = await saveOverAnotherDevice();
    fakeApi.change(7, { conteudo: "Mudou de novo no notebook" });
    await user.click(screen.getByRole("button", { name: "Manter o meu" }));
    await waitFor(() =>
      expect(screen.getByRole("figure", { name: "O do outro aparelho" })).toHaveTextContent(
        "Mudou de novo no notebook",
      ),
    );
    expect(screen.getByRole("region", { name: "Este pensamento mudou em outro aparelho" })).toHaveFocus();
    expect(fakeApi.thought(7)?.conteudo).toBe("Mudou de novo no notebook");
  });
});
