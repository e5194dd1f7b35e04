import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { pendingUpdate } from "./pending-update";
import { UpdatePrompt } from "./UpdatePrompt";

afterEach(() => act(() => pendingUpdate.clear()));

describe("UpdatePrompt", () => {
  it("offers nothing while no new version waits", () => {
    render(<UpdatePrompt />);
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Recarregar" })).not.toBeInTheDocument();
  });

  it("says a new version is available and activates it from 'Recarregar'", async () => {
    const activate = vi.fn();
    render(<UpdatePrompt />);
    act(() => pendingUpdate.set(activate));
    expect(screen.getByRole("status")).toHaveTextContent("Nova versão disponível.");
    await userEvent.click(screen.getByRole("button", { name: "Recarregar" }));
    expect(activate).toHaveBeenCalledOnce();
  });

  it("renders no prompt on the server, so hydration matches", () => {
    pendingUpdate.set(vi.fn());
    const html = renderToString(<UpdatePrompt />);
    expect(html).toContain('aria-live="polite"');
    expect(html).not.toContain('role="status"');
    expect(html).not.toContain("Nova versão");
  });
});
