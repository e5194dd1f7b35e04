import { type KeyboardEvent, type ReactNode, useLayoutEffect, useRef } from "react";
import styles from "./dialog.module.css";

interface ModalDialogProps {
  labelledBy: string;
  describedBy?: string;
  /** Esc, a click on the overlay: the user wants out. Called at most once. */
  onDismiss: () => void;
  children: ReactNode;
}

const focusable = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A native <dialog> opened with showModal(): the browser puts it in the top layer over a ::backdrop and
 * makes the wall behind it inert. Tab is still kept inside by hand, because Chromium lets it escape a
 * modal dialog to the browser's own toolbar.
 */
export function ModalDialog({ labelledBy, describedBy, onDismiss, children }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const dismissed = useRef(false);

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // What opened the dialog gets the focus back when it closes (a removed card's button is gone: no-op).
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : undefined;
    if (!dialog.open) dialog.showModal();
    // The least destructive choice gets the focus first (WAI-ARIA's alert dialog pattern).
    dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    return () => {
      dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  function dismiss() {
    if (dismissed.current) return;
    dismissed.current = true;
    onDismiss();
  }

  function keepTabInside(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== "Tab" || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(focusable)];
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return event.preventDefault();
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !ref.current.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      closedby="any"
      onCancel={(event) => {
        // The route, not the element, decides whether the dialog is shown: leaving closes it.
        event.preventDefault();
        dismiss();
      }}
      onKeyDown={keepTabInside}
    >
      <div className={styles.body}>{children}</div>
    </dialog>
  );
}
