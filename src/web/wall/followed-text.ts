import { useEffect, useRef, useState } from "react";

/**
 * A text of one's own that follows another's: `source` is where the text is also kept (the address, for the
 * wall; the wall's text, for the search box), and changes a moment after this side sends it there. The
 * text takes `source` when it changes otherwise (Back, 'Meu Mural', a cleared search), and not when
 * `source` only catches up with what this side sent: by then the next key may be in the text, which going
 * back to `source` would drop. `sent` records a text handed over, so that its arrival is known as ours.
 *
 * `arrival` tells one arrival from the next (by default, the text itself). The wall gives the view read from
 * each address: 'Meu Mural' empties the text and asks for the bare address, and a Back pressed before that
 * address was drawn brings the search's address back, whose text is the one last drawn; by text alone, nothing
 * had changed, and the box stayed empty over the search's cards.
 */
export function useFollowedText(source: string, arrival: unknown = source) {
  const [text, setText] = useState(source);
  const [seen, setSeen] = useState(arrival);
  // The texts handed over whose arrival has not been seen, oldest first. Kept in a ref: recording one changes
  // nothing on screen, and kept as state it drew the whole wall again inside the key's release, before the
  // key's paint (its handlers took 11–41 ms at 4x CPU).
  const pending = useRef<string[]>([]);
  if (arrival !== seen) {
    setSeen(arrival);
    // Only read here, and trimmed once the arrival is committed (below): a render React sets aside and
    // starts again decides the same.
    if (!pending.current.includes(source)) setText(source);
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: each arrival trims, even of the same text.
  useEffect(() => {
    const ours = pending.current.indexOf(source);
    pending.current = ours >= 0 ? pending.current.slice(ours + 1) : [];
  }, [source, arrival]);
  const sent = (value: string) => {
    pending.current.push(value);
  };
  return { text, setText, sent };
}
