import { HttpResponse } from "msw";
import { IF_MATCH_HEADER, type Thought } from "../../domain/contract";
import { messages } from "../../domain/messages";
import { errorAnswer } from "./answers";

const TAGS = /^\s*"\d+"\s*(,\s*"\d+"\s*)*$/;

/**
 * The real API's If-Match on a thought's PUT, PATCH and DELETE (issue 42): absent, the write goes through
 * (last write wins); `*` or a list naming the current version, too; a stale one is refused with a 412 that
 * carries the thought as it is now; anything else is a 400. Undefined when the write may go on.
 */
export function refuseStale(request: Request, current: Thought): Response | undefined {
  const header = request.headers.get(IF_MATCH_HEADER);
  if (header === null || header.trim() === "*") return undefined;
  if (!TAGS.test(header)) return errorAnswer("bad_request", messages.ifMatchMalformed);
  const versions = header.split(",").map((tag) => Number(tag.trim().slice(1, -1)));
  if (versions.includes(current.versao)) return undefined;
  return HttpResponse.json(
    { error: { code: "versao_desatualizada", message: messages.versionStale }, atual: current },
    { status: 412 },
  );
}
