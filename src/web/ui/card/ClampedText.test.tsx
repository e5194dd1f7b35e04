import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ClampedText } from "./ClampedText";

/**
 * jsdom lays nothing out: the text's box is given the sizes a browser would measure, its full height
 * (scrollHeight) against the height its lines are cut at (clientHeight).
 */
function measured(full: number, shown: number) {
  Object.defineProperty(HTMLParagraphElement.prototype, "scrollHeight", { configurable: true, value: full });
  Object.defineProperty(HTMLParagraphElement.prototype, "clientHeight", { configurable: true, value: shown });
}

afterEach(() => {
  // Back to jsdom's own sizes (the getters on Element's prototype).
  Reflect.deleteProperty(HTMLParagraphElement.prototype, "scrollHeight");
  Reflect.deleteProperty(HTMLParagraphElement.prototype, "clientHeight");
});

const long = "Uma linha de um texto longo. ".repeat(80);

describe("a clamped text", () => {
  it("offers 'Ver mais' once measured as cut, then 'Ver menos', by click and keyboard", async () => {
    measured(2600, 288);
    render(<ClampedText text={long}>{long}</ClampedText>);
    const more = await screen.findByRole("button", { name: "Ver mais" });
    const text = screen.getByText(long.trim());
    expect(more).toHaveAttribute("aria-expanded", "false");
    expect(more).toHaveAttribute("aria-controls", text.id);

    await userEvent.click(more);
    expect(screen.getByRole("button", { name: "Ver menos" })).toHaveAttribute("aria-expanded", "true");
    // Opened, the text is no longer cut: it wears no clamp.
    expect(text).not.toHaveClass("clamped");

    const scrolled = vi.spyOn(Element.prototype, "scrollIntoView");
    await userEvent.keyboard("{Enter}");
    expect(screen.getByRole("button", { name: "Ver mais" })).toHaveFocus();
    expect(text).toHaveClass("clamped");
    // The text cut again ends far above where the button was: the button is brought back in sight.
    await vi.waitFor(() => expect(scrolled).toHaveBeenCalledWith({ block: "nearest" }));
    scrolled.mockRestore();
    await userEvent.keyboard(" ");
    expect(screen.getByRole("button", { name: "Ver menos" })).toHaveAttribute("aria-expanded", "true");
  });

  it("offers nothing for a text that fits, a pixel of rounding aside", () => {
    measured(289, 288);
    render(<ClampedText text="Curto.">Curto.</ClampedText>);
    expect(screen.queryByRole("button")).toBeNull();
    // Cut from the start all the same: the CSS decides, so the server's first paint has it.
    expect(screen.getByText("Curto.")).toHaveClass("clamped");
  });
});
