import type { ReactNode, Ref } from "react";
import styles from "./StatusPanel.module.css";

export interface StatusPanelProps {
  title: string;
  text: ReactNode;
  /** The ways out, drawn as the button family (links and buttons alike). */
  children: ReactNode;
  /** h1 on a screen of its own; h2 inside a dialog, which sits over the page and its own h1. */
  level?: 1 | 2;
  /** For a dialog to be named and described by the heading and the text. */
  ids?: { title?: string; text?: string };
  /** On a panel of its own (a screen); bare inside a dialog, which already is one. */
  framed?: boolean;
  /** Given, the heading can take the focus (tabindex -1), for a screen that moves it there. */
  headingRef?: Ref<HTMLHeadingElement>;
}

type Sign = "?" | "!";

/** A small card with a hard shadow, like the wall's, holding the sign; our own art, decorative. */
function SignCard({ sign }: { sign: Sign }) {
  return (
    <svg
      viewBox="0 0 72 60"
      width="72"
      height="60"
      aria-hidden="true"
      focusable="false"
      className={styles.art}
    >
      <rect x="10" y="10" width="60" height="48" fill={sign === "?" ? "#6BD1FF" : "#154580"} />
      <rect x="3" y="3" width="60" height="48" fill="#F8F9FE" stroke="#154580" strokeWidth="3" />
      <text
        x="33"
        y="40"
        textAnchor="middle"
        fontFamily="Inter, system-ui, sans-serif"
        fontSize="32"
        fontWeight="700"
        fill={sign === "?" ? "#154580" : "#B3261E"}
      >
        {sign}
      </text>
    </svg>
  );
}

function StatusPanel({
  sign,
  title,
  text,
  children,
  level = 1,
  ids,
  framed = true,
  headingRef,
}: StatusPanelProps & { sign: Sign }) {
  const Heading = level === 1 ? "h1" : "h2";
  return (
    <div className={framed ? `${styles.panel} ${styles.framed}` : styles.panel}>
      <SignCard sign={sign} />
      <Heading
        id={ids?.title}
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        className={styles.title}
      >
        {title}
      </Heading>
      <p id={ids?.text} className={styles.text}>
        {text}
      </p>
      <div className={styles.actions}>{children}</div>
    </div>
  );
}

/**
 * The one design of everything that is not there: the unknown address ('Página não encontrada') and the
 * missing thought ('Pensamento não encontrado') on the edit screen and in the delete dialog.
 */
export function NotFound(props: StatusPanelProps) {
  return <StatusPanel sign="?" {...props} />;
}

/** The same design for a screen that failed: the user sees one family of 'something is off' panels. */
export function FailurePanel(props: StatusPanelProps) {
  return <StatusPanel sign="!" {...props} />;
}
