import { startTransition, useState } from "react";

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
  const [pending, setPending] = useState<string[]>([]);
  if (source !== seen) {
    setSeen(source);
    const ours = pending.indexOf(source);
    setPending(ours >= 0 ? pending.slice(ours + 1) : []);
    if (ours < 0) setText(source);
  }
  // Recorded in a transition: it is read only when `source` changes, which comes in one (the router's, or the
  // box's hand-over to the wall), and React renders every transition waiting together. Recorded at once, it
  // drew the whole wall again inside the key's release, before its paint (12–41 ms of the keyup at 4x CPU).
  const sent = (value: string) => startTransition(() => setPending((texts) => [...texts, value]));
  return { text, setText, sent };
}
