import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { SearchBox } from "./SearchBox";

/**
 * A wall that takes the box's changes only when told to (`accept`), as a wall still drawing its transition
 * would, and can set the box's text itself, as Back or 'Meu Mural' do.
 */
function Wall({ accept }: { accept: { current: boolean } }) {
  const [text, setText] = useState("");
  return (
    <>
      <SearchBox
        value={text}
        onChange={(next) => {
          if (accept.current) setText(next);
        }}
        onSearch={() => {}}
      />
      <output aria-label="texto do mural">{text}</output>
      <button type="button" onClick={() => setText("")}>
        Meu Mural
      </button>
      <button type="button" onClick={() => setText("saudade")}>
        Voltar
      </button>
    </>
  );
}

describe("the search box", () => {
  it("shows every key at once, even while the wall has not caught up", async () => {
    const accept = { current: false };
    render(<Wall accept={accept} />);
    const box = screen.getByRole("searchbox", { name: "O que você procura" });
    await userEvent.type(box, "amor");
    expect(box).toHaveValue("amor");
    expect(screen.getByLabelText("texto do mural")).toHaveTextContent("");
  });

  it("follows the wall's text when the wall changes it, and not when the wall catches up with it", async () => {
    const accept = { current: true };
    render(<Wall accept={accept} />);
    const box = screen.getByRole("searchbox", { name: "O que você procura" });
    await userEvent.type(box, "amor");
    expect(screen.getByLabelText("texto do mural")).toHaveTextContent("amor");
    expect(box).toHaveValue("amor");

    await userEvent.click(screen.getByRole("button", { name: "Voltar" }));
    expect(box).toHaveValue("saudade");
    await userEvent.click(screen.getByRole("button", { name: "Meu Mural" }));
    expect(box).toHaveValue("");

    // Esc empties the box and tells the wall.
    await userEvent.type(box, "mar");
    await userEvent.keyboard("{Escape}");
    expect(box).toHaveValue("");
    expect(screen.getByLabelText("texto do mural")).toHaveTextContent("");
  });
});
