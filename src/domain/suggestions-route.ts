import { API_PREFIX } from "./contract";

/**
 * What an empty search offers (the labels and authors whose names hold one of its words): its route stands
 * apart from contract.ts's apiRoutes and apiPaths because only the forms' chunk asks for it, and whatever
 * that chunk takes from a module the wall shares lands in the wall's first-visit bundle.
 */
export const suggestionsRoute = "/pensamentos/sugestoes";

/** The address that asks what a search offers. */
export const suggestionsUrl = (search: string) =>
  `${API_PREFIX}${suggestionsRoute}?${new URLSearchParams({ q: search })}`;
