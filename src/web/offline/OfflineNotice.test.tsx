import { act, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { keptWall } from "../routing/kept-wall";
import { OfflineNotice, offlineText } from "./OfflineNotice";

const NOTICE = "Sem conexão.";

function goOffline(offline: boolean) {
  vi.spyOn(navigator, "onLine", "get").mockReturnValue(!offline);
  window.dispatchEvent(new Event(offline ? "offline" : "online"));
}

afterEach(() => {
  vi.restoreAllMocks();
  act(() => keptWall.clear());
});

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

  it("on the wall, says how many thoughts it shows and from when, or that none is kept: never a promise above an error", () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    render(<OfflineNotice />);
    act(() => keptWall.set({ shown: 18, at: new Date(2026, 2, 3, 12).getTime() }));
    expect(screen.getByRole("status")).toHaveTextContent(
      "Sem conexão — mostrando 18 pensamentos guardados em 3 de mar.",
    );
    act(() => keptWall.set(null));
    expect(screen.getByRole("status")).toHaveTextContent(
      "Sem conexão — nada desta página está guardado neste aparelho.",
    );
    act(() => keptWall.clear());
    expect(screen.getByRole("status")).toHaveTextContent(NOTICE);
  });

  it("counts one thought in the singular", () => {
    expect(offlineText({ shown: 1, at: undefined })).toBe("Sem conexão — mostrando 1 pensamento guardado.");
    expect(offlineText({ shown: 0, at: 1 })).toBe(
      "Sem conexão — nada desta página está guardado neste aparelho.",
    );
  });

  it("renders as online on the server, whatever the browser would say, so hydration matches", () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const html = renderToString(<OfflineNotice />);
    expect(html).toContain('aria-live="polite"');
    expect(html).not.toContain('role="status"');
    expect(html).not.toContain("Sem conexão");
  });
});
