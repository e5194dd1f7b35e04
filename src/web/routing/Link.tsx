import type { AnchorHTMLAttributes } from "react";
import { type To, useHref, useLinkClickHandler } from "react-router";

interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  to: To;
  /** Replaces the history entry instead of pushing one (by default, when the address does not change). */
  replace?: boolean;
  /** Keeps the window's scroll where it is (the router's scroll restoration otherwise starts at the top). */
  preventScrollReset?: boolean;
  state?: unknown;
}

/**
 * A link within the app, as React Router's Link draws it: a real `<a href>`, followed by the router on a plain
 * click (a modified click, a middle click or another target is left to the browser). React Router's own Link
 * also prefetches the routes of its framework mode, which this app does not use; that code weighed 2.1 KB
 * gzip of the wall's first visit (see scripts/vite-pure-router.ts), so the app draws this one instead, and
 * the lint step refuses React Router's.
 */
export function Link({
  to,
  replace,
  preventScrollReset,
  state,
  target,
  onClick,
  children,
  ...rest
}: LinkProps) {
  const href = useHref(to);
  const follow = useLinkClickHandler(to, { replace, preventScrollReset, state, target });
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) follow(event);
      }}
    >
      {children}
    </a>
  );
}
