/**
 * Kindle `My Clippings.txt` files that once held the server's event loop for seconds to minutes, built in
 * memory the way the device writes them (CRLF line ends, an entry closed by ten '='), for the import's
 * tests and its benchmark.
 */

const SEPARATOR = "==========\r\n";

/**
 * One highlight whose title line is `spaces` bytes of spaces between two words and holds no '(': a title
 * pattern that backtracks took time in the square of its length (a 117 KiB line held the loop 27 s).
 */
export function kindleSpacesLine(spaces = 2 ** 20): Buffer {
  return Buffer.from(
    `Livro${" ".repeat(spaces)}fim\r\n- Seu destaque na posição 1-2 | Adicionado: hoje\r\n\r\nUm destaque.\r\n${SEPARATOR}`,
  );
}

/**
 * `count` highlights of one book at one location, each text its own (none inside another, so none is a
 * repeat): a repeat check that compares every highlight with every earlier one takes time in the square of
 * the count. 200,000 of them are 39 MiB: twice the import's item limit.
 */
export function kindleHighlights(count: number): Buffer {
  const entries: string[] = [];
  for (let index = 1; index <= count; index += 1) {
    entries.push(
      "O Livro dos Destaques (Autora Exemplar)\r\n" +
        "- Your Highlight on page 1 | Location 10-20 | Added on Monday, January 1, 2024 10:00:00 AM\r\n\r\n" +
        `Destaque número ${index}, na mesma posição que os outros.\r\n${SEPARATOR}`,
    );
  }
  return Buffer.from(entries.join(""));
}

/**
 * `count` highlights of one book at one place, each followed by a note at that place's end: every note
 * holds its place in every highlight's range, so a note search that looked at each highlight, or a repeat
 * check that compared each note with every earlier one on its highlight, took time in the square of the
 * count. Their texts are their own, so no note repeats another.
 */
export function kindleNotes(count: number): Buffer {
  const entries: string[] = [];
  for (let index = 1; index <= count; index += 1) {
    entries.push(
      "O Livro das Notas (Exemplar, Autora)\r\n" +
        "- Your Highlight on page 1 | Location 10-20 | Added on Monday, January 1, 2024 10:00:00 AM\r\n\r\n" +
        `Destaque número ${index}, no mesmo trecho que os outros.\r\n${SEPARATOR}` +
        "O Livro das Notas (Exemplar, Autora)\r\n" +
        "- Your Note on page 1 | Location 20 | Added on Monday, January 1, 2024 10:00:01 AM\r\n\r\n" +
        `Nota ${index}.\r\n${SEPARATOR}`,
    );
  }
  return Buffer.from(entries.join(""));
}
