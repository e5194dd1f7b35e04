import { useEffect } from "react";

/**
 * A file dropped beside the drop zone would make the browser leave the app to open it, losing the page.
 * While this page is open, such a drop does nothing (the pointer shows it is not allowed there); the zone
 * handles its own drops first and marks them handled.
 */
export function useStrayDropGuard(): void {
  useEffect(() => {
    const refuse = (event: DragEvent) => {
      if (event.defaultPrevented || !event.dataTransfer?.types.includes("Files")) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = "none";
    };
    window.addEventListener("dragover", refuse);
    window.addEventListener("drop", refuse);
    return () => {
      window.removeEventListener("dragover", refuse);
      window.removeEventListener("drop", refuse);
    };
  }, []);
}
