import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { addedOn } from "./added-on";
import { ThoughtCard, type ThoughtCardProps } from "./ThoughtCard";

const quote = {
  conteudo: "Tudo vale a pena\nse a alma não é pequena.",
  autoria: "Fernando Pessoa",
  modelo: "modelo1",
  label: "Cartão",
} as const;

/** A card inside a router, as the wall draws it (its source is a link). */
function renderCard(props: Partial<ThoughtCardProps>) {
  const router = createMemoryRouter([{ path: "/", element: <ThoughtCard {...quote} {...props} /> }]);
  render(<RouterProvider router={router} />);
  return screen.getByRole("article", { name: "Cartão" });
}

describe("a card's source, note and date", () => {
  it("shows the source in italics under the author, as a link to its page, and where in it beside it", () => {
    const card = renderCard({ fonte: "Mensagem", local: "p. 12", sourceHref: "/fontes/Mensagem" });
    const link = within(card).getByRole("link", { name: "Ver pensamentos da fonte Mensagem" });
    expect(link).toHaveAttribute("href", "/fontes/Mensagem");
    expect(link.closest("cite")).not.toBeNull();
    expect(within(card).getByText("p. 12")).toBeInTheDocument();
    // Under the author: the source's line follows the author's.
    const author = within(card).getByText("Fernando Pessoa");
    expect(author.compareDocumentPosition(link) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("draws no source line, no note and no date for a thought without them", () => {
    const card = renderCard({ fonte: "", local: "", nota: "" });
    expect(card.querySelector("cite")).toBeNull();
    expect(within(card).queryByRole("button", { name: "Nota" })).toBeNull();
    expect(card.querySelector("time")).toBeNull();
  });

  it("keeps the source plain text where it leads nowhere (a preview, the trash)", () => {
    const card = renderCard({ fonte: "Mensagem" });
    expect(within(card).getByText("Mensagem").closest("cite")).not.toBeNull();
    expect(within(card).queryByRole("link")).toBeNull();
  });

  it("shows when the thought was added, with its instant in the time element", () => {
    const card = renderCard({ criadoEm: "2025-03-03T14:05:09.000Z" });
    const time = card.querySelector("time");
    expect(time).toHaveAttribute("dateTime", "2025-03-03T14:05:09.000Z");
    expect(time?.textContent).toBe(addedOn("2025-03-03T14:05:09.000Z", "reader").day);
    expect(time).toHaveAttribute("title", addedOn("2025-03-03T14:05:09.000Z", "reader").full);
    expect(card).toHaveTextContent(`Adicionado em ${addedOn("2025-03-03T14:05:09.000Z", "reader").day}`);
  });

  it("keeps the note behind 'Nota', which opens and closes it by click and by keyboard", async () => {
    const user = userEvent.setup();
    const card = renderCard({ nota: "Lido na viagem a Lisboa." });
    const toggle = within(card).getByRole("button", { name: "Nota" });
    const note = within(card).getByText("Lido na viagem a Lisboa.", { selector: "p" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveAttribute("aria-controls", note.id);
    expect(note).not.toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(note).toBeVisible();

    toggle.focus();
    await user.keyboard("{Enter}");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(note).not.toBeVisible();
    await user.keyboard(" ");
    expect(note).toBeVisible();
  });
});
