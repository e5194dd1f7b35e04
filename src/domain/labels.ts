/**
 * Labels match whatever their case ("Poesia" and "poesia" are one label) and show as they were typed: the
 * key is the label trimmed and in lower case, accents kept ("avó" and "avô" are two labels).
 */
export function labelKey(label: string): string {
  return label.trim().toLowerCase();
}

/** The labels without repeats by key, each kept where it first appeared, as first typed. */
export function distinctLabels(labels: readonly string[]): string[] {
  const seen = new Set<string>();
  return labels.filter((label) => {
    const key = labelKey(label);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Format characters (Unicode's Cf: zero-width space and joiners, the bidi controls such as U+202E, the byte
 * order mark, the soft hyphen…) show nothing, so a label holding one looked like another and was not it.
 * Two of them draw something: the zero-width joiner between two pictographs makes one emoji (👩‍💻), and the
 * tag characters after a black flag make a region's flag (🏴󠁧󠁢󠁳󠁣󠁴󠁿); those stay.
 */
const invisibleFormat =
  /(?<=\p{Extended_Pictographic}[\u{FE0F}\u{1F3FB}-\u{1F3FF}]?)\u200D(?=\p{Extended_Pictographic})|(?<=\u{1F3F4}[\u{E0020}-\u{E007F}]*)[\u{E0020}-\u{E007F}]|(\p{Cf})/gu;

/**
 * A label as it is stored: in NFKC, which is NFC that also folds compatibility forms ("Ｐoesia" in full-width
 * letters is "Poesia", "ﬁ" is "fi"), and without invisible format characters, so labels that look alike are
 * one label. Letters of other scripts that look like Latin ones (a Cyrillic "а") are other letters, and stay.
 */
export function normalizeLabel(label: string): string {
  return label.normalize("NFKC").replace(invisibleFormat, (kept, dropped) => (dropped ? "" : kept));
}

/**
 * Characters a label may not hold: the form adds a label on a comma, and the CSV export joins a thought's
 * labels with "; " in one cell, so neither may be inside one; nor a line break, a label being one line.
 */
export const LABEL_FORBIDDEN = /[,;\r\n]/;

/**
 * "." and ".." as a path's segment name the folder itself or the one above it: a browser resolves them
 * before sending (`/api/etiquetas/..` is `/api/`), even written %2E, so no request could name such a label.
 */
export function isDotSegment(label: string): boolean {
  return label === "." || label === "..";
}

/** How the CSV export joins a thought's labels in one cell, and how its reader splits them. */
export const LABEL_CELL_SEPARATOR = "; ";
