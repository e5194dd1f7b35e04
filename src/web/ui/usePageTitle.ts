import { useEffect } from "react";

/** Names the browser tab after the screen, so history and assistive technology can tell screens apart. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Memoteca`;
  }, [title]);
}
