// OSC 8 hyperlinks as our styling writes them: BEL-terminated (Ink's tokenizer reads that form),
// recognised as zero-width styling by the one grammar, refused for a URI a link cannot carry.
import { describe, expect, it } from "vitest";
import {
  HYPERLINK_CLOSE,
  hyperlink,
  hyperlinkUri,
  scanSgr,
  stripSequences,
} from "../../src/protocol/terminal-sequences.js";

describe("hyperlink", () => {
  it("wraps the text in an OSC 8 opener with the URI and a closer", () => {
    const link = hyperlink("file://host/tmp/a.ts", "a.ts");
    expect(link).toBe("\u001b]8;;file://host/tmp/a.ts\u0007a.ts\u001b]8;;\u0007");
    expect(link.endsWith(HYPERLINK_CLOSE)).toBe(true);
    expect(stripSequences(link)).toBe("a.ts");
  });

  it("gives the text alone for a URI with a space, a control or non-ASCII, and for empty text", () => {
    for (const uri of ["file://h/a b", "file://h/a\u0007b", "file://h/\u001b]8;;x", "file://h/é", ""])
      expect(hyperlink(uri, "a")).toBe("a");
    expect(hyperlink("file://h/a", "")).toBe("");
  });

  it("reads the URI of an opener, empty for a closer, nothing for other sequences", () => {
    expect(hyperlinkUri("\u001b]8;;file://h/a\u0007")).toBe("file://h/a");
    expect(hyperlinkUri("\u001b]8;id=1;file://h/a\u001b\\")).toBe("file://h/a");
    expect(hyperlinkUri(HYPERLINK_CLOSE)).toBe("");
    expect(hyperlinkUri("\u001b[31m")).toBeUndefined();
    expect(hyperlinkUri("\u001b]0;title\u0007")).toBeUndefined();
  });

  it("is walked as styling, not text, by scanSgr", () => {
    const line = `x ${hyperlink("file://h/a", "\u001b[35ma\u001b[39m")} y`;
    const texts: string[] = [];
    const styles: string[] = [];
    scanSgr(
      line,
      (from, to) => texts.push(line.slice(from, to)),
      (from, to) => styles.push(line.slice(from, to)),
    );
    expect(texts.join("")).toBe("x a y");
    expect(styles).toEqual(["\u001b]8;;file://h/a\u0007", "\u001b[35m", "\u001b[39m", HYPERLINK_CLOSE]);
  });
});
