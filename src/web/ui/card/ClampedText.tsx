import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import styles from "./ClampedText.module.css";

interface ClampedTextProps {
  /** The plain text: a new one is measured again. */
  text: string;
  /** What is drawn (the text with its search matches marked, say). */
  children: ReactNode;
  className?: string;
}

/**
 * A card's text, cut by CSS at `--clamp-lines` lines (12 unless a container says otherwise), so the cut is
 * there from the server's first paint. 'Ver mais' shows the rest in place, 'Ver menos' cuts it again. The
 * button appears once the browser has measured that the text is cut, over the end of the last line, where
 * it moves nothing (no layout shift); the server's markup, which cannot measure, has none, nor has the
 * first render in the browser, so the two agree.
 */
export function ClampedText({ text, children, className = "" }: ClampedTextProps) {
  const id = useId();
  const box = useRef<HTMLParagraphElement>(null);
  const [cut, setCut] = useState(false);
  const [open, setOpen] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new text is measured again.
  useEffect(() => {
    const node = box.current;
    if (!node || open) return;
    // A pixel of rounding is not a cut.
    const observer = new ResizeObserver(() => setCut(node.scrollHeight > node.clientHeight + 1));
    observer.observe(node);
    return () => observer.disconnect();
  }, [open, text]);

  return (
    // Its direction is the text's own (see ThoughtCard), and 'Ver mais' follows it to the last line's end.
    <div className={styles.box} dir="auto">
      <p id={id} ref={box} className={open ? className : `${className} ${styles.clamped}`}>
        {children}
      </p>
      {cut ? (
        <button
          type="button"
          className={open ? styles.less : styles.more}
          aria-expanded={open}
          aria-controls={id}
          onClick={(event) => {
            const button = event.currentTarget;
            setOpen(!open);
            // Cut again, a long text ends far above where the button was: it is brought back in sight.
            if (open) requestAnimationFrame(() => button.scrollIntoView({ block: "nearest" }));
          }}
        >
          {open ? "Ver menos" : "Ver mais"}
        </button>
      ) : null}
    </div>
  );
}
