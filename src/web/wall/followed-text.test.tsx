import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useFollowedText } from "./followed-text";

/** The hook over a source the test moves, as the address moves under the wall. */
function followed(initial: string) {
  const hook = renderHook(({ source }) => useFollowedText(source), { initialProps: { source: initial } });
  const moveTo = (source: string) => hook.rerender({ source });
  return { hook, moveTo };
}

describe("a text that follows another", () => {
  it("keeps what was typed since, when the source catches up with a text it was handed", () => {
    const { hook, moveTo } = followed("");
    act(() => {
      hook.result.current.setText("amo");
      hook.result.current.sent("amo");
      hook.result.current.setText("amor");
    });
    moveTo("amo");
    expect(hook.result.current.text).toBe("amor");
  });

  it("takes the source when it changes otherwise (Back, 'Meu Mural')", () => {
    const { hook, moveTo } = followed("amor");
    moveTo("");
    expect(hook.result.current.text).toBe("");
  });

  it("follows an arrival back at the text last drawn, when the address between was never drawn", () => {
    // The wall gives the view read from each address as the arrival.
    const hook = renderHook(({ source, arrival }) => useFollowedText(source, arrival), {
      initialProps: { source: "amor n", arrival: {} as object },
    });
    // 'Meu Mural' empties the text at once and asks for the bare address; Back comes before that address is
    // drawn, and brings the search's address back: the same text, a new arrival.
    act(() => hook.result.current.setText(""));
    hook.rerender({ source: "amor n", arrival: {} });
    expect(hook.result.current.text).toBe("amor n");
  });

  it("keeps what was typed over a new arrival of the text it handed over", () => {
    const hook = renderHook(({ source, arrival }) => useFollowedText(source, arrival), {
      initialProps: { source: "", arrival: {} as object },
    });
    act(() => {
      hook.result.current.setText("amor");
      hook.result.current.sent("amor");
      hook.result.current.setText("amor n");
    });
    hook.rerender({ source: "amor", arrival: {} });
    expect(hook.result.current.text).toBe("amor n");
  });
});
