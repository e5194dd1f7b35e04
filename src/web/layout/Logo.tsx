/**
 * Our own wordmark: two quotation marks beside MEMOTECA, drawn as SVG so it stays sharp and light. Its
 * type is set in Header.module.css (fewer bytes in the wall's first script than attributes here).
 */
export function Logo() {
  return (
    <svg viewBox="0 0 230 40" width="230" height="40" aria-hidden="true" focusable="false">
      <path
        d="M2 26c0-8 4-14 11-16v5c-3 1.2-5 3.6-5 6h5v11H2zm15 0c0-8 4-14 11-16v5c-3 1.2-5 3.6-5 6h5v11H17z"
        fill="#6BD1FF"
      />
      <text x="38" y="30" fill="#FFFFFF">
        MEMOTECA
      </text>
    </svg>
  );
}
