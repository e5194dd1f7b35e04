import { describe, expect, it } from "vitest";
import { inlineHashes } from "./inline-hashes";

describe("inlineHashes", () => {
  it("gives the CSP source of each <style> element's exact text, and none for a page without one", () => {
    // printf '%s' 'body{color:#123}' | openssl dgst -sha256 -binary | base64
    const page =
      "<head><style>body{color:#123}</style><link rel=stylesheet href=/a.css></head><style></style>";
    expect(inlineHashes(page, "style")).toEqual([
      "'sha256-3NukuEgz3eCqFp2865Fm74xAoTPS6ruvf41GmFVYVzg='",
      "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='",
    ]);
    expect(inlineHashes("<head><title>x</title></head>", "style")).toEqual([]);
  });

  it("gives those of inline <script> elements, not of a script file or a JSON block", () => {
    // printf '%s' 'let a=1' | openssl dgst -sha256 -binary | base64
    const page =
      '<head><script>let a=1</script><script type="module" src="/a.js"></script></head>' +
      '<body><script type="application/json" id="s">{"a":1}</script></body>';
    expect(inlineHashes(page, "script")).toEqual(["'sha256-+Q3dsIT3kYyYXlBldxY4Baal1kEoF6cDrlPvZn4iLYs='"]);
  });
});
