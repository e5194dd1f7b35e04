import { useEffect, useRef, useState } from "react";

/**
 * A text of one's own that follows another's: `source` is where the text is also kept (the address, for the
 * wall; the wall's text, for the search box), and changes a moment after this side sends it there. The
 * text takes `source` when it changes otherwise (Back, 'Meu Mural', a cleared search), and not when
 * `source` only catches up with what this side sent: by then the next key may be in the text, which going
 * back to `source` would drop. `sent` records a text handed over, so that its arrival is known as ours.
 */
export function useFollowedText(source: string) {
  const [text, setText] = useState(source);
  const [seen, setSeen] = useState(source);
  // The texts handed over whose arrival has not been seen, oldest first. Kept in a ref: recording one changes
  // nothing on screen, and kept as state it drew the whole wall again inside the key's release, before the
  // key's paint (its handlers took 11–41 ms at 4x CPU).
  const pending = useRef<string[]>([]);
  if (source !== seen) {
    setSeen(source);
    // Only read here, and trimmed once the arrival is committed (below): a render React sets aside and
    // starts again decides the same.
    if (!pending.current.includes(source)) setText(source);
  }
  useEffect(() => {
    const ours = pending.current.indexOf(source);
    pending.current = ours >= 0 ? pending.current.slice(ours + 1) : [];
  }, [source]);
  const sent = (value: string) => {
    pending.current.push(value);
  };
  return { text, setText, sent };
}
