import { type RefObject, useEffect } from "react";

/** Room kept between a line and the controls it steps over. */
const GAP_PX = 8;
/**
 * The row of controls under each card: the one that holds its heart (CardActions), found so rather than by
 * a mark of its own, which every card of the wall's first visit would carry.
 */
const HEART = 'button[aria-label="Favorito"]';

/**
 * Keeps `line`, a line fixed at the foot of the screen (ui/FootLine.module.css), off the cards' controls: while
 * it shows, as the page scrolls or resizes and as the line itself changes, it is lifted just above any row of
 * controls it would cover (a heart, 'Excluir'), through `--foot-lift`. One read of the rows and one write per
 * frame, outside the events' own tasks. Should no place above be free, it stays at the foot.
 */
export function useClearOfCardControls(line: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    const box = line.current;
    if (!active || !box) return;
    let lift = 0;
    let frame = 0;
    const place = () => {
      frame = 0;
      const rect = box.getBoundingClientRect();
      // Where the line sits unlifted, then each row that would be under it, from the foot upwards.
      let bottom = rect.bottom + lift;
      const rows = [...document.querySelectorAll(HEART)]
        .map((heart) => (heart.parentElement ?? heart).getBoundingClientRect())
        .filter((row) => row.right > rect.left && row.left < rect.right && row.bottom > 0)
        .sort((a, b) => b.top - a.top);
      for (const row of rows) {
        if (row.top - GAP_PX < bottom && row.bottom + GAP_PX > bottom - rect.height)
          bottom = row.top - GAP_PX;
      }
      const next = bottom - rect.height < 0 ? 0 : rect.bottom + lift - bottom;
      if (next === lift) return;
      lift = next;
      box.style.setProperty("--foot-lift", `${lift}px`);
    };
    const soon = () => {
      if (frame === 0) frame = requestAnimationFrame(place);
    };
    soon();
    // The line's own size changes with its words (an outcome after 'Desfazer').
    const resized = typeof ResizeObserver === "function" ? new ResizeObserver(soon) : undefined;
    resized?.observe(box);
    window.addEventListener("scroll", soon, { passive: true });
    window.addEventListener("resize", soon);
    return () => {
      cancelAnimationFrame(frame);
      resized?.disconnect();
      window.removeEventListener("scroll", soon);
      window.removeEventListener("resize", soon);
      box.style.removeProperty("--foot-lift");
    };
  }, [line, active]);
}
