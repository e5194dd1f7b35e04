import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ThoughtCard } from "./ThoughtCard";

const renderCard = (conteudo: string) =>
  render(<ThoughtCard conteudo={conteudo} autoria="Clarice Lispector" modelo="modelo2" label="Cartão" />);

describe("a thought card", () => {
  it("is narrow up to 256 characters and wide from 257", () => {
    renderCard("a".repeat(256));
    expect(screen.getByRole("article")).toHaveAttribute("data-width", "narrow");
    renderCard("b".repeat(257));
    expect(screen.getAllByRole("article")[1]).toHaveAttribute("data-width", "wide");
  });

  it("keeps the line breaks of the content and shows the author", () => {
    renderCard("primeira linha\nsegunda linha");
    expect(screen.getByText(/primeira linha/).textContent).toBe("primeira linha\nsegunda linha");
    expect(screen.getByText("Clarice Lispector")).toBeInTheDocument();
  });

  it("draws the picture of its model and no controls when used as a preview", () => {
    const { container } = renderCard("Prévia");
    expect(container.querySelector("svg[data-model='modelo2']")).not.toBeNull();
    expect(screen.queryByRole("button")).toBeNull();
  });
});
