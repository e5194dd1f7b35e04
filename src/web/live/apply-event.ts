import type { QueryClient } from "@tanstack/react-query";
import type { Thought } from "../../domain/contract";
import { dropThought, putThought, refreshEverything } from "../api/thought-cache";
import { keepViewport } from "./keep-viewport";
import type { LiveMessage } from "./live-stream";

function parse(data: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(data);
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * An event of the stream, applied to this tab's cache: a thought changed or arrived ('pensamento'), left
 * ('removido'), many changed at once ('mural'), or the events in between were lost ('reset'). An event this
 * tab cannot read is taken as a 'reset': fetching again never loses anything.
 */
export function applyEvent(client: QueryClient, { name, data }: LiveMessage): void {
  const body = parse(data);
  if (name === "pensamento" && typeof body.pensamento === "object" && body.pensamento !== null) {
    const thought = body.pensamento as Thought;
    keepViewport(() => putThought(client, thought));
  } else if (name === "removido" && typeof body.id === "number") {
    const id = body.id;
    keepViewport(() => dropThought(client, id));
  } else {
    void refreshEverything(client);
  }
}
