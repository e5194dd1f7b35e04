/**
 * One import at a time in this process. A second one is refused as soon as its headers arrive, before its
 * body is read or parsed: two 50 MiB files read at once would double the memory for nothing, since their
 * transactions wait for each other anyway.
 */
export interface ImportGate {
  /** Takes the gate for one request, or undefined while another holds it. */
  enter(): ImportPass | undefined;
}

/**
 * A request's hold on the gate: it lasts until its answer is finished or abandoned AND its import, if one
 * started, has ended: a client that hangs up mid-import does not let a second import run beside the first.
 */
export interface ImportPass {
  /** The import itself runs; the gate stays held until it ends, whatever the connection does. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** The answer was sent, or the connection closed. */
  closed(): void;
}

export function createImportGate(): ImportGate {
  let held = false;
  return {
    enter() {
      if (held) return undefined;
      held = true;
      let working = false;
      let closed = false;
      const leaveWhenDone = () => {
        if (closed && !working) held = false;
      };
      return {
        async run(work) {
          working = true;
          try {
            return await work();
          } finally {
            working = false;
            leaveWhenDone();
          }
        },
        closed() {
          closed = true;
          leaveWhenDone();
        },
      };
    },
  };
}
