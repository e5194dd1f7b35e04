import { foldText } from "../../domain/search-text";

/** What the index shows for names that begin with no letter (a digit, a quote mark). */
export const OTHER_INITIAL = "#";

/** A name's letter in the index: its first letter without accent, upper case ('Érico' under E). */
export function initialOf(name: string): string {
  const [first = ""] = foldText(name.trim());
  // One letter even where upper case writes two ('ß' is 'SS'), as the pt-BR order files it under S.
  const [upper = ""] = first.toUpperCase();
  return /\p{L}/u.test(first) ? upper : OTHER_INITIAL;
}

export interface Section<T> {
  initial: string;
  items: T[];
}

/**
 * Names already in pt-BR order, cut into sections by letter, in the order the letters first appear (the
 * server's order puts digits and signs first, and each letter's names together).
 */
export function byInitial<T>(items: readonly T[], nameOf: (item: T) => string): Section<T>[] {
  const sections = new Map<string, T[]>();
  for (const item of items) {
    const initial = initialOf(nameOf(item));
    const section = sections.get(initial);
    if (section) section.push(item);
    else sections.set(initial, [item]);
  }
  return [...sections].map(([initial, sectionItems]) => ({ initial, items: sectionItems }));
}

/** The id of a letter's section: the index links to it. */
export const sectionId = (initial: string) => `letra-${initial === OTHER_INITIAL ? "outros" : initial}`;
