// Masking known credential values in plain text, JSON text and streams.
import { describe, expect, it } from "vitest";
import { createSecretMasker, MASK } from "../../../src/agent/security/secret-mask.js";

describe("secret masker", () => {
  const masker = createSecretMasker(["sk-abc-0123456789", 'pa"ss\\word-0123', "sk-abc-0123456789-longer"]);

  it("masks every occurrence in plain text, the longest value first", () => {
    expect(masker.text("key sk-abc-0123456789-longer and sk-abc-0123456789 twice sk-abc-0123456789")).toBe(
      `key ${MASK} and ${MASK} twice ${MASK}`,
    );
  });

  it("masks values in their JSON-escaped form inside serialised JSON", () => {
    const json = JSON.stringify({ error: 'Invalid key: pa"ss\\word-0123', nested: ["sk-abc-0123456789"] });
    const masked = masker.json(json);
    expect(JSON.parse(masked)).toEqual({ error: `Invalid key: ${MASK}`, nested: [MASK] });
  });

  it("masks a value split across stream chunks and emits everything else at once", () => {
    const stream = masker.stream();
    const out = [
      stream.push("OPENAI=sk-ab"),
      stream.push("c-01234"),
      stream.push("56789\nnext line "),
      stream.push("done s"),
      stream.end(),
    ];
    expect(out.join("")).toBe(`OPENAI=${MASK}\nnext line done s`);
    // Only a possible start of a value is held back.
    expect(out[0]).toBe("OPENAI=");
    expect(out[3]).toBe("done ");
  });

  it("does nothing without values", () => {
    const none = createSecretMasker([]);
    expect(none.empty).toBe(true);
    expect(none.text("sk-abc-0123456789")).toBe("sk-abc-0123456789");
    expect(none.stream().push("abc")).toBe("abc");
  });
});
