import { afterEach, describe, expect, it, vi } from "vitest";
import { replayEarlyTaps, takeEarlyTaps } from "./replay-early-taps";

/** The page as the server sent it: #root with its buttons, and one outside it. */
function serverPage(): { heart: HTMLButtonElement; trash: HTMLButtonElement; outside: HTMLButtonElement } {
  document.body.innerHTML =
    '<div id="root"><button id="heart"><svg><path id="icon"/></svg></button><button id="trash"></button></div>' +
    '<button id="outside"></button>';
  const get = (id: string) => document.getElementById(id) as HTMLButtonElement;
  return { heart: get("heart"), trash: get("trash"), outside: get("outside") };
}

describe("the taps made before the app has loaded", () => {
  afterEach(() => {
    takeEarlyTaps();
    document.body.innerHTML = "";
  });

  it("keeps the taps on #root's buttons, in order, until taken; then keeps no more", async () => {
    const { heart, trash, outside } = serverPage();
    await import("./early-taps");
    document.getElementById("icon")?.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    outside.click();
    trash.click();
    heart.click();
    const taps = takeEarlyTaps();
    expect(taps).toEqual([heart, trash, heart]);
    heart.click();
    expect(takeEarlyTaps()).toEqual([]);
  });

  it("leaves out a button the browser answers by itself, such as the menu's popover", async () => {
    const { heart } = serverPage();
    const menu = document.createElement("button");
    menu.setAttribute("popovertarget", "menu");
    document.getElementById("root")?.append(menu);
    // A fresh copy of the script, listening again (the test above took the first one's taps for good).
    vi.resetModules();
    await import("./early-taps");
    menu.click();
    heart.click();
    expect(takeEarlyTaps()).toEqual([heart]);
  });

  it("gives each tap to its button, one per frame, but not to one gone or disabled", async () => {
    const { heart, trash, outside } = serverPage();
    const heard: string[] = [];
    for (const button of [heart, trash, outside])
      button.addEventListener("click", () => heard.push(button.id));
    const gone = document.createElement("button");
    gone.addEventListener("click", () => heard.push("gone"));
    trash.disabled = true;
    const frames = vi.spyOn(window, "requestAnimationFrame");
    await replayEarlyTaps([heart, gone, trash, outside, heart]);
    expect(heard).toEqual(["heart", "outside", "heart"]);
    expect(frames).toHaveBeenCalledTimes(4);
  });
});
