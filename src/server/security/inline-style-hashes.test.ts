import { describe, expect, it } from "vitest";
import { inlineStyleHashes } from "./inline-style-hashes";

describe("inlineStyleHashes", () => {
  it("gives the CSP source of each <style> element's exact text, and none for a page without one", () => {
    // printf '%s' 'body{color:#123}' | openssl dgst -sha256 -binary | base64
    const page =
      "<head><style>body{color:#123}</style><link rel=stylesheet href=/a.css></head><style></style>";
    expect(inlineStyleHashes(page)).toEqual([
      "'sha256-3NukuEgz3eCqFp2865Fm74xAoTPS6ruvf41GmFVYVzg='",
      "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='",
    ]);
    expect(inlineStyleHashes("<head><title>x</title></head>")).toEqual([]);
  });
});
