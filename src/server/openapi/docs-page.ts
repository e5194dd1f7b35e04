/**
 * The reference page at /api/docs: the OpenAPI document written out as plain, semantic HTML on the server.
 * No script and no style, so it reads under the API's own policy (`default-src 'none'`) and any browser,
 * reader or text browser shows it the same; each operation is a section with its parameters and answers.
 */

interface Parameter {
  name?: string;
  in?: string;
  required?: boolean;
  description?: string;
  schema?: { type?: unknown; enum?: unknown[] };
}
interface Operation {
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, unknown> };
  responses?: Record<string, { description?: string; content?: Record<string, unknown> }>;
  security?: Record<string, unknown>[];
}
export interface DocsSource {
  info: { title: string; version?: string; description?: string };
  paths?: Record<string, Record<string, Operation> | undefined>;
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

function htmlText(text: unknown): string {
  return String(text ?? "").replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );
}

/** A description's paragraphs (blank lines) and list items ("- "), as the document writes them in Markdown. */
function prose(text: string | undefined): string {
  if (!text) return "";
  return text
    .split(/\n\s*\n/)
    .map((block) => {
      const lines = block.split("\n");
      if (lines.every((line) => /^\s*- /.test(line) || /^\s{2,}\S/.test(line))) {
        const items = block
          .split(/\n(?=\s*- )/)
          .map((item) => `<li>${htmlText(item.replace(/^\s*- /, ""))}</li>`);
        return `<ul>${items.join("")}</ul>`;
      }
      return `<p>${htmlText(block)}</p>`;
    })
    .join("\n");
}

function parameters(list: Parameter[] | undefined, id: string): string {
  if (!list?.length) return "";
  const rows = list
    .map(
      (p) =>
        `<tr><th scope="row"><code>${htmlText(p.name)}</code></th><td>${htmlText(p.in)}</td><td>${p.required ? "yes" : "no"}</td><td>${htmlText(p.schema?.enum ? p.schema.enum.join(", ") : p.schema?.type)}</td><td>${htmlText(p.description)}</td></tr>`,
    )
    .join("");
  return `<table aria-labelledby="${id}-parameters"><caption id="${id}-parameters">Parameters</caption><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Required</th><th scope="col">Type</th><th scope="col">Description</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function responses(list: Operation["responses"], id: string): string {
  const rows = Object.entries(list ?? {})
    .map(
      ([status, answer]) =>
        `<tr><th scope="row">${htmlText(status)}</th><td>${htmlText(answer.description)}</td><td>${htmlText(Object.keys(answer.content ?? {}).join(", "))}</td></tr>`,
    )
    .join("");
  return `<table aria-labelledby="${id}-responses"><caption id="${id}-responses">Answers</caption><thead><tr><th scope="col">Status</th><th scope="col">Meaning</th><th scope="col">Body</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function operation(method: string, path: string, op: Operation, index: number): string {
  const id = `op-${index}`;
  const body = Object.keys(op.requestBody?.content ?? {});
  const security = (op.security ?? []).flatMap((requirement) => Object.keys(requirement));
  return `<section aria-labelledby="${id}">
<h2 id="${id}"><code>${method.toUpperCase()} ${htmlText(path)}</code>${op.summary ? ` — ${htmlText(op.summary)}` : ""}</h2>
${prose(op.description)}
${security.length ? `<p>Needs: ${security.map((name) => `<code>${htmlText(name)}</code>`).join(", ")}.</p>` : "<p>Open to everyone.</p>"}
${parameters(op.parameters, id)}
${body.length ? `<p>Body: ${body.map((type) => `<code>${htmlText(type)}</code>`).join(", ")}.</p>` : ""}
${responses(op.responses, id)}
</section>`;
}

export function renderDocsPage(doc: DocsSource, documentPath: string): string {
  let index = 0;
  const sections = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const op = item?.[method];
      return op ? [operation(method, path, op, index++)] : [];
    }),
  );
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${htmlText(doc.info.title)} — API reference</title>
</head>
<body>
<main>
<h1>${htmlText(doc.info.title)} — API reference</h1>
${prose(doc.info.description)}
<p>The same as an OpenAPI 3.1 document: <a href="${htmlText(documentPath)}">${htmlText(documentPath)}</a>.</p>
${sections.join("\n")}
</main>
</body>
</html>
`;
}
