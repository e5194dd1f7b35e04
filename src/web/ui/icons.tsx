// Our own line icons, drawn on a 24px grid in the current text colour, sized in em so they grow with the text; always decorative, since the
// control around each one carries the pt-BR name.
function Icon({ children }: { children: React.ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1.375em"
      height="1.375em"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

const heart =
  "M12 20s-7.4-4.5-9.2-9.2C1.6 7.6 3.7 4.5 7 4.5c2.1 0 3.7 1.1 5 3 1.3-1.9 2.9-3 5-3 3.3 0 5.4 3.1 4.2 6.3C19.4 15.5 12 20 12 20z";

export function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <Icon>
      <path d={heart} fill={filled ? "currentColor" : "none"} />
    </Icon>
  );
}

export function PencilIcon() {
  return (
    <Icon>
      <path d="M4 20h4L19.5 8.5a2.1 2.1 0 0 0 0-3l-1-1a2.1 2.1 0 0 0-3 0L4 16z" />
      <path d="M14 6l4 4" />
    </Icon>
  );
}

export function TrashIcon() {
  return (
    <Icon>
      <path d="M4 7h16M9.5 7V4.5h5V7M6 7l1 13h10l1-13M10 11v5.5M14 11v5.5" />
    </Icon>
  );
}

export function SearchIcon() {
  return (
    <Icon>
      <circle cx="10.5" cy="10.5" r="6.5" />
      <path d="M15.5 15.5L20 20" />
    </Icon>
  );
}

export function PlusIcon() {
  return (
    <Icon>
      <path d="M12 5v14M5 12h14" />
    </Icon>
  );
}

export function ShareIcon() {
  return (
    <Icon>
      <circle cx="17.5" cy="5.5" r="2.5" />
      <circle cx="6.5" cy="12" r="2.5" />
      <circle cx="17.5" cy="18.5" r="2.5" />
      <path d="M8.7 10.7l6.6-3.9M8.7 13.3l6.6 3.9" />
    </Icon>
  );
}

export function ShuffleIcon() {
  return (
    <Icon>
      <path d="M3 7h3c6 0 6 10 12 10h3M3 17h3c1.7 0 2.9-.8 3.8-2M14.2 9c.9-1.2 2.1-2 3.8-2h3" />
      <path d="M18 4l3 3-3 3M18 14l3 3-3 3" />
    </Icon>
  );
}
