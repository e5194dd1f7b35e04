/**
 * A value made the first time it is asked for, then kept. For Intl's formatters: the first one a page makes
 * loads the browser's locale data, 15–25 ms on this machine and four times that on a slow phone, and one made
 * at a module's top level lengthens the evaluation of the whole chunk that holds it, a task in which the page
 * answers no tap. Three of them made the forms chunk's evaluation, as the wall settles, 270–350 ms at 4× CPU.
 */
export function madeWhenUsed<T extends object>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}
