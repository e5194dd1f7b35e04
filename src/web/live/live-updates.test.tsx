import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Thought } from "../../domain/contract";
import { EditPage } from "../editor/EditPage";
import { paths } from "../paths";
import { SelectionMode } from "../selection/SelectionMode";
import { makeThought } from "../testing/make-thought";
import { renderAt, testQueryClient } from "../testing/render-at";
import { fakeApi } from "../testing/server";
import { FavoriteFailureNote } from "../ui/FavoriteFailureNote";
import { SearchEmpty } from "../wall/SearchEmpty";
import { WallPage } from "../wall/WallPage";
import { applyEvent } from "./apply-event";
import type { LiveMessage } from "./live-stream";

const NoSurprise = () => null;
let nextEventId = 1;

/** The wall at `address`, with the query client a test sends events to. */
function renderLiveWall(address: string = paths.wall) {
  const client = testQueryClient();
  const view = renderAt(
    address,
    [
      {
        path: paths.wall,
        element: (
          <WallPage
            SurpriseDialog={NoSurprise}
            FavoriteFailureNote={FavoriteFailureNote}
            SearchEmpty={SearchEmpty}
            SelectionMode={SelectionMode}
          />
        ),
      },
      { path: paths.patterns.edit, element: <EditPage /> },
    ],
    client,
  );
  const send = (name: LiveMessage["name"], data: unknown) =>
    applyEvent(client, { id: String(nextEventId++), name, data: JSON.stringify(data) });
  return { ...view, client, send };
}

const cards = () => screen.getAllByRole("article");

/** The cache tells its observers in a task of its own: once that task has run, React has drawn the change. */
const cacheTold = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
const cardTexts = () => cards().map((card) => card.textContent ?? "");

/** A thought as another device left it on the server (one version more), and its event's body. */
function changedElsewhere(id: number, patch: Partial<Thought>): { pensamento: Thought } {
  const thought = fakeApi.change(id, patch);
  if (!thought) throw new Error(`no thought ${id}`);
  return { pensamento: thought };
}

describe("live events in the query cache", { timeout: 20_000 }, () => {
  it("'pensamento' replaces a card where it stands, asking the server nothing", async () => {
    fakeApi.seed([makeThought({ id: 1, conteudo: "Primeiro" }), makeThought({ id: 2, conteudo: "Segundo" })]);
    const { send } = renderLiveWall();
    await waitFor(() => expect(cards()).toHaveLength(2));
    const lists = fakeApi.listRequests().length;
    send("pensamento", changedElsewhere(1, { conteudo: "Primeiro, mudado no celular" }));
    await waitFor(() => expect(cardTexts()[1]).toContain("Primeiro, mudado no celular"));
    expect(cardTexts()[0]).toContain("Segundo");
    expect(fakeApi.listRequests()).toHaveLength(lists);
  });

  it("puts a new thought on top of the newest-first wall, one more in the count", async () => {
    fakeApi.seed([makeThought({ id: 1, conteudo: "Antigo" })]);
    const { send, client } = renderLiveWall();
    await waitFor(() => expect(cards()).toHaveLength(1));
    const created = makeThought({ id: 2, conteudo: "Novo, vindo do notebook", versao: 1 });
    fakeApi.seed([created]);
    send("pensamento", { pensamento: created });
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(cardTexts()[0]).toContain("Novo, vindo do notebook");
    const data = client.getQueriesData<{ pages: { total: number }[] }>({
      queryKey: ["thoughts", "list"],
    })[0]?.[1];
    expect(data?.pages[0]?.total).toBe(2);
  });

  it("leaves a view the new thought does not belong to as it is", async () => {
    fakeApi.seed([makeThought({ id: 1, conteudo: "Favorito antigo", favorito: true })]);
    const { send } = renderLiveWall("/listarPensamento?favoritos=true");
    await waitFor(() => expect(cards()).toHaveLength(1));
    send("pensamento", {
      pensamento: makeThought({ id: 2, conteudo: "Não favorito", favorito: false, versao: 1 }),
    });
    send("pensamento", {
      pensamento: makeThought({ id: 3, conteudo: "Outro favorito", favorito: true, versao: 1 }),
    });
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(cardTexts()[0]).toContain("Outro favorito");
    expect(screen.queryByText("Não favorito")).toBeNull();
  });

  it("never lets an older event undo a newer copy", async () => {
    fakeApi.seed([makeThought({ id: 1, conteudo: "Versão 1" })]);
    const { send } = renderLiveWall();
    await waitFor(() => expect(cards()).toHaveLength(1));
    const first = changedElsewhere(1, { conteudo: "Versão 2" });
    const second = changedElsewhere(1, { conteudo: "Versão 3" });
    send("pensamento", second);
    send("pensamento", first);
    await cacheTold();
    expect(cardTexts()[0]).toContain("Versão 3");
  });

  it("'removido' takes the card away", async () => {
    fakeApi.seed([makeThought({ id: 1, autoria: "Ana" }), makeThought({ id: 2, autoria: "Bia" })]);
    const { send } = renderLiveWall();
    await waitFor(() => expect(cards()).toHaveLength(2));
    fakeApi.trash(1);
    send("removido", { id: 1 });
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.getByRole("article", { name: "Pensamento de Bia" })).toBeInTheDocument();
  });

  it.each(["mural", "reset"] as const)("'%s' fetches the wall again", async (name) => {
    fakeApi.seed([makeThought({ id: 1, conteudo: "Antes" })]);
    const { send } = renderLiveWall();
    await waitFor(() => expect(cards()).toHaveLength(1));
    fakeApi.change(1, { etiquetas: ["renomeada"] });
    fakeApi.seed([makeThought({ id: 2, conteudo: "Importado" })]);
    const lists = fakeApi.listRequests().length;
    send(name, {});
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(fakeApi.listRequests().length).toBeGreaterThan(lists);
    expect(within(cards()[1] as HTMLElement).getByText("renomeada")).toBeInTheDocument();
  });

  it("keeps what the user types in an open edit form, whatever arrives", async () => {
    fakeApi.seed([makeThought({ id: 1, conteudo: "Texto guardado" })]);
    const { send } = renderLiveWall(paths.edit(1));
    const box = await screen.findByRole("textbox", { name: "Pensamento" });
    await userEvent.click(box);
    await userEvent.paste(" e o meu acréscimo");
    send("pensamento", changedElsewhere(1, { conteudo: "Mudado em outro aparelho" }));
    send("removido", { id: 1 });
    await cacheTold();
    expect(screen.getByRole("textbox", { name: "Pensamento" })).toHaveValue(
      "Texto guardado e o meu acréscimo",
    );
  });
});
