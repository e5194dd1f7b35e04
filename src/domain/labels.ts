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
 * Characters a label may not hold: the form adds a label on a comma, and the CSV export joins a thought's
 * labels with "; " in one cell, so neither may be inside one; nor a line break, a label being one line.
 */
export const LABEL_FORBIDDEN = /[,;\r\n]/;

/** How the CSV export joins a thought's labels in one cell, and how its reader splits them. */
export const LABEL_CELL_SEPARATOR = "; ";
