import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Model } from "../../../domain/rules";
import { QuoteMark } from "./QuoteMark";
import { ThoughtCard } from "./ThoughtCard";

const renderCard = (conteudo: string) =>
  render(<ThoughtCard conteudo={conteudo} autoria="Clarice Lispector" modelo="modelo2" label="Cartão" />);

/** A model's picture as drawn on its own, away from the page, to compare with what a card draws. */
const pictureOf = (model: Model) =>
  render(<QuoteMark model={model} />, { container: document.createElement("div") }).container.innerHTML;

describe("a thought card", () => {
  // The width is a layout rule with no role to query; the CSS module's class is what sets it.
  it("is narrow up to 256 characters and wide from 257", () => {
    renderCard("a".repeat(256));
    expect(screen.getByRole("article", { name: "Cartão" })).toHaveClass("narrow");
    expect(screen.getByRole("article", { name: "Cartão" })).not.toHaveClass("wide");
    renderCard("b".repeat(257));
    expect(screen.getAllByRole("article", { name: "Cartão" })[1]).toHaveClass("wide");
    expect(screen.getAllByRole("article", { name: "Cartão" })[1]).not.toHaveClass("narrow");
  });

  it("keeps the line breaks of the content and shows the author", () => {
    renderCard("primeira linha\nsegunda linha");
    expect(screen.getByText(/primeira linha/).textContent).toBe("primeira linha\nsegunda linha");
    expect(screen.getByText("Clarice Lispector")).toBeInTheDocument();
  });

  it("draws the picture of its model and no controls when used as a preview", () => {
    renderCard("Prévia");
    const card = screen.getByRole("article", { name: "Cartão" });
    // The picture is decorative (hidden from assistive technology), so what it draws is what is compared.
    expect(card.innerHTML).toContain(pictureOf("modelo2"));
    expect(card.innerHTML).not.toContain(pictureOf("modelo1"));
    expect(card.innerHTML).not.toContain(pictureOf("modelo3"));
    expect(screen.queryByRole("button")).toBeNull();
  });
});
