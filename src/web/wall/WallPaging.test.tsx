import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWall } from "../../../test-support/web/render-wall";
import { makeThoughts } from "../testing/make-thought";
import { fakeApi } from "../testing/server";

/** 'Carregar mais' once it is ready: it waits while a page or a favorite change is on its way. */
async function more() {
  const button = await screen.findByRole("button", { name: "Carregar mais" });
  await waitFor(() => expect(button).toHaveAttribute("aria-disabled", "false"));
  return button;
}

describe("paging through the wall", { timeout: 20_000 }, () => {
  it("appends 6 at a time and ends without an extra empty click", async () => {
    fakeApi.seed(makeThoughts(13));
    renderWall();
    expect(await screen.findAllByRole("article")).toHaveLength(6);
    await userEvent.click(await more());
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(12));
    await userEvent.click(await more());
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(13));
    expect(screen.getByText("Não há mais pensamentos para exibir")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Carregar mais" })).toBeNull();
    const requests = fakeApi.listRequests();
    // Thoughts 13 to 8, then those after 8 (7 to 2), then after 2: cursors, never page numbers.
    expect(requests.map((url) => url.searchParams.get("_after"))).toEqual([null, "8", "2"]);
    expect(requests.some((url) => url.searchParams.has("_page"))).toBe(false);
    expect(requests.every((url) => url.searchParams.get("_limit") === "6")).toBe(true);
  });

  it("shows a press busy in the click's own task, and asks for the page after that frame", async () => {
    fakeApi.seed(makeThoughts(13));
    renderWall();
    const button = await more();
    fireEvent.click(button);
    expect(button).toHaveAttribute("aria-disabled", "true");
    expect(fakeApi.listRequests()).toHaveLength(1);
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(12));
    expect(fakeApi.listRequests()).toHaveLength(2);
    await waitFor(() => expect(button).toHaveAttribute("aria-disabled", "false"));
  });

  it("keeps a press of 'Carregar mais' made while a favorite change is on its way, and loads once it is done", async () => {
    fakeApi.seed(makeThoughts(13));
    renderWall();
    const [heart] = await screen.findAllByRole("button", { name: "Favorito" });
    const button = await more();
    const held = fakeApi.hold((_url, method) => method === "PATCH");
    await userEvent.click(heart as HTMLElement);
    await waitFor(() => expect(button).toHaveAttribute("aria-disabled", "true"));
    await userEvent.click(button);
    expect(screen.getAllByRole("article")).toHaveLength(6);
    expect(fakeApi.listRequests()).toHaveLength(1);
    held.release();
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(12));
    // After the favorite's own refresh of the first page, the next page, once.
    const afters = fakeApi.listRequests().map((url) => url.searchParams.get("_after"));
    expect(afters.filter((after) => after === "8")).toHaveLength(1);
    expect(afters.at(-1)).toBe("8");
  });

  it("keeps a next page on its way when a favorite change lands meanwhile", async () => {
    fakeApi.seed(makeThoughts(13));
    renderWall();
    const [newest] = await screen.findAllByRole("article");
    const heart = within(newest as HTMLElement).getByRole("button", { name: "Favorito" });
    const nextPage = fakeApi.hold(
      (url, method) => method === "GET" && url.searchParams.get("_after") === "8",
    );
    await userEvent.click(await more());
    await waitFor(() => expect(fakeApi.listRequests()).toHaveLength(2));
    // The favorite is saved while the next page is still on its way.
    await userEvent.click(heart);
    await waitFor(() => expect(fakeApi.thought(13)?.favorito).toBe(true));
    nextPage.release();
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(12));
    expect(
      within(screen.getAllByRole("article")[0] as HTMLElement).getByRole("button", { name: "Favorito" }),
    ).toHaveAttribute("aria-pressed", "true");
  });

  it("shows the end at once when one page holds everything", async () => {
    fakeApi.seed(makeThoughts(6));
    renderWall();
    expect(await screen.findByText("Não há mais pensamentos para exibir")).toBeInTheDocument();
  });

  it("says the wall is empty, or that there is no favorite yet", async () => {
    renderWall();
    expect(await screen.findByText("Ainda não há pensamentos cadastrados!")).toBeInTheDocument();
    expect(screen.queryByText("Não há mais pensamentos para exibir")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Meus favoritos" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Meus favoritos" })).toBeInTheDocument();
    expect(await screen.findByText("Você ainda não marcou nenhum favorito.")).toBeInTheDocument();
  });

  it("goes back to the first page of the whole wall with 'Meu Mural', search cleared", async () => {
    fakeApi.seed(makeThoughts(13));
    renderWall();
    await userEvent.click(await more());
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(12));
    await userEvent.type(screen.getByRole("searchbox"), "número 1");
    await waitFor(() => expect(screen.getAllByRole("article").length).toBeLessThan(12));
    await userEvent.click(screen.getByRole("button", { name: "Meu Mural" }));
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(6));
    expect(screen.getByRole("searchbox")).toHaveValue("");
    const last = fakeApi.listRequests().at(-1);
    expect(last?.searchParams.has("_after")).toBe(false);
    expect(last?.searchParams.has("q")).toBe(false);
  });

  it("rolls a failed favorite back and says so", async () => {
    fakeApi.seed(makeThoughts(2));
    renderWall();
    const [first] = await screen.findAllByRole("button", { name: "Favorito" });
    fakeApi.failNext("PATCH");
    await userEvent.click(first as HTMLElement);
    expect(await screen.findByRole("alert")).toHaveTextContent("Não foi possível marcar como favorito.");
    await waitFor(() =>
      expect(screen.getAllByRole("button", { name: "Favorito" })[0]).toHaveAttribute("aria-pressed", "false"),
    );
  });
});
