import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LinkedText } from "./LinkedText";
import { ThoughtCard } from "./ThoughtCard";

describe("a thought's web addresses", () => {
  it("are links on the card, named by the address, opening in the tab without a Referer", () => {
    render(
      <ThoughtCard
        conteudo={"Ouvi em https://exemplo.com.br/podcast, e www.outro.net."}
        autoria="Ana"
        modelo="modelo1"
      />,
    );
    const podcast = screen.getByRole("link", { name: "https://exemplo.com.br/podcast" });
    expect(podcast).toHaveAttribute("href", "https://exemplo.com.br/podcast");
    expect(podcast).toHaveAttribute("rel", "noreferrer");
    expect(podcast).not.toHaveAttribute("target");
    expect(screen.getByRole("link", { name: "www.outro.net" })).toHaveAttribute(
      "href",
      "https://www.outro.net",
    );
    expect(screen.getByText(/Ouvi em/).textContent).toBe(
      "Ouvi em https://exemplo.com.br/podcast, e www.outro.net.",
    );
  });

  it("keep the search's marks, also inside a link and across its edge", () => {
    const text = "site https://poema.org/x";
    const { container } = render(
      <p>
        <LinkedText
          text={text}
          marks={[
            { text: "site ", match: false },
            { text: "https://poema", match: true },
            { text: ".org/x", match: false },
          ]}
        />
      </p>,
    );
    const link = screen.getByRole("link", { name: "https://poema.org/x" });
    expect(link.querySelector("mark")?.textContent).toBe("https://poema");
    expect(container.textContent).toBe(text);
  });

  it("never turn the text into HTML", () => {
    const text = '<img src=x onerror="alert(1)"> https://a.org/<b>negrito</b>';
    const { container } = render(<ThoughtCard conteudo={text} autoria="Ana" modelo="modelo1" />);
    expect(container.querySelector("img, b")).toBeNull();
    expect(container.querySelector("p")?.textContent).toBe(text);
    expect(screen.getByRole("link")).toHaveAttribute("href", "https://a.org/");
  });
});
