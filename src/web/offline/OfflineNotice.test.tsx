import { act, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { OfflineNotice } from "./OfflineNotice";

const NOTICE = "Sem conexão — mostrando os pensamentos guardados neste aparelho.";

function goOffline(offline: boolean) {
  vi.spyOn(navigator, "onLine", "get").mockReturnValue(!offline);
  window.dispatchEvent(new Event(offline ? "offline" : "online"));
}

afterEach(() => vi.restoreAllMocks());

describe("OfflineNotice", () => {
  it("shows 'Sem conexão' as a status while offline, and clears it when the connection comes back", () => {
    render(<OfflineNotice />);
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    act(() => goOffline(true));
    expect(screen.getByRole("status")).toHaveTextContent(NOTICE);
    act(() => goOffline(false));
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
  });

  it("shows it from the start when the page opens offline", () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    render(<OfflineNotice />);
    expect(screen.getByRole("status")).toHaveTextContent(NOTICE);
  });

  it("renders as online on the server, whatever the browser would say, so hydration matches", () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const html = renderToString(<OfflineNotice />);
    expect(html).toContain('aria-live="polite"');
    expect(html).not.toContain('role="status"');
    expect(html).not.toContain("Sem conexão");
  });
});
