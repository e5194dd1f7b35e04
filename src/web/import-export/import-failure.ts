import { ApiRequestError, errorMessage } from "../api/client";
import { tooLarge, WRONG_TYPE } from "./chosen-file";

/**
 * What went wrong, in pt-BR. The server's own message says why it could not read the file (400), that
 * another import is under way (409), that the file has too many items (413 with its own code), why it is
 * unavailable (503) or to wait (429); any other 413, and a 415, is said in the page's own words, whatever
 * a proxy in front of the server answered instead.
 */
export function importFailure(error: unknown, dryRun: boolean): string {
  const lead = dryRun ? "Não foi possível simular a importação." : "Não foi possível importar o arquivo.";
  return `${lead} ${reason(error)}`;
}

function reason(error: unknown): string {
  if (error instanceof ApiRequestError && error.status === 413 && error.code !== "too_many_items") {
    return tooLarge();
  }
  if (error instanceof ApiRequestError && error.status === 415) return WRONG_TYPE;
  return errorMessage(error);
}
