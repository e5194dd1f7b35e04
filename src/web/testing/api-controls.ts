import { apiPaths } from "../../domain/contract";
import { errorAnswer } from "./answers";

/** A request as the app sent it: the body parsed as JSON (its text if it is not), undefined if empty. */
export interface SentRequest {
  method: string;
  url: URL;
  body: unknown;
  headers: Headers;
}

export type RequestMatch = (url: URL, method: string) => boolean;

interface Hold {
  matches: RequestMatch;
  gate: Promise<void>;
  release: () => void;
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * What a test does to the network rather than to the data: read what the app sent, hold answers back,
 * make the next request of a method fail. Every fake API request passes through `intercept` first.
 */
export class ApiControls {
  #sent: SentRequest[] = [];
  #holds: Hold[] = [];
  #failures = new Set<string>();

  /** Every request the app sent to the fake API, in order. */
  requests(): SentRequest[] {
    return [...this.#sent];
  }

  /** The URLs of the wall's list requests (GET of the thoughts), in order. */
  listRequests(): URL[] {
    return this.#sent
      .filter((request) => request.method === "GET" && request.url.pathname === apiPaths.thoughts)
      .map((request) => request.url);
  }

  /**
   * Holds back every answer to a matching request until `release()`: lets a test answer an older request
   * after a newer one, as a slow network does.
   */
  hold(matches: RequestMatch): { release: () => void } {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.#holds.push({ matches, gate, release });
    return { release };
  }

  /** The next request of this method answers 500, as a server that just failed would. */
  failNext(method: string): void {
    this.#failures.add(method.toUpperCase());
  }

  /** Records the request, waits for its hold, and returns the failure answer if one was asked for. */
  async intercept(request: Request): Promise<Response | undefined> {
    const url = new URL(request.url);
    const text = await request.clone().text();
    this.#sent.push({ method: request.method, url, body: parseBody(text), headers: request.headers });
    const hold = this.#holds.find((candidate) => candidate.matches(url, request.method));
    if (hold) await hold.gate;
    if (this.#failures.delete(request.method)) {
      return errorAnswer("internal", "Erro interno. Tente de novo em instantes.");
    }
    return undefined;
  }

  /** Releases what is still held, so no request of the last test stays pending forever. */
  reset(): void {
    for (const hold of this.#holds) hold.release();
    this.#holds = [];
    this.#failures.clear();
    this.#sent = [];
  }
}
