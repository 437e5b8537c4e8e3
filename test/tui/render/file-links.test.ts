// File paths as links: the file:// URI (percent-encoded), which words are paths, and that a
// linked row measures, cuts and wraps like its text while every row it is cut into stands alone.
import { describe, expect, it } from "vitest";
import { hyperlinkUri, stripSequences } from "../../../src/protocol/terminal-sequences.js";
import { fileUri, findPaths, linkPath, linkPathsIn } from "../../../src/tui/render/file-links.js";
import { guardRow, sanitizeText } from "../../../src/tui/render/sanitize.js";
import { splitLine, textWidth, truncateLine, wrapLine } from "../../../src/tui/render/text-width.js";

const TARGET = { cwd: "/home/me/project", host: "box" };
const OPEN = /\u001b\]8;;([^\u0007]*)\u0007/g;

/** The URIs a row opens links to, in order. */
const uris = (row: string): string[] => [...row.matchAll(OPEN)].map((m) => m[1] ?? "").filter((u) => u !== "");

describe("file URIs", () => {
  it("are file://host/absolute/path with every segment percent-encoded", () => {
    expect(fileUri("box", "/home/me/a.ts")).toBe("file://box/home/me/a.ts");
    expect(fileUri("box", "/tmp/a b#c?d%e/é.md")).toBe("file://box/tmp/a%20b%23c%3Fd%25e/%C3%A9.md");
  });

  it("resolve a relative path against the worker's directory; no target, no link", () => {
    const linked = linkPath("src/a.ts", "src/a.ts", TARGET);
    expect(uris(linked)).toEqual(["file://box/home/me/project/src/a.ts"]);
    expect(stripSequences(linked)).toBe("src/a.ts");
    expect(linkPath("src/a.ts", "src/a.ts", undefined)).toBe("src/a.ts");
  });
});

describe("finding paths in text", () => {
  const paths = (text: string): string[] => findPaths(text).map((p) => p.path);

  it("finds paths with a slash or a file extension, line numbers left out of the file", () => {
    expect(paths("see src/tui/run.tsx:12 and ./bin/x, /etc/hosts, ~/notes.md or README.md.")).toEqual([
      "src/tui/run.tsx",
      "./bin/x",
      "/etc/hosts",
      "~/notes.md",
      "README.md",
    ]);
  });

  it("leaves URLs, versions and abbreviations alone", () => {
    expect(paths("https://example.org/a.html v1.2.3 e.g. 3.5 and/or")).toEqual(["and/or"]);
  });

  it("links each path of a text, ~ as the home directory", () => {
    const out = linkPathsIn("edit src/a.ts then ~/b.md", TARGET, "/home/me");
    expect(stripSequences(out)).toBe("edit src/a.ts then ~/b.md");
    expect(uris(out)).toEqual(["file://box/home/me/project/src/a.ts", "file://box/home/me/b.md"]);
  });
});

describe("linked rows", () => {
  const row = `✓ edit ${linkPath("src/a-rather-long/path/name.ts", "src/a-rather-long/path/name.ts", TARGET)} · 1s`;

  it("measure as their text", () => {
    expect(textWidth(row)).toBe(textWidth(stripSequences(row)));
  });

  it("cut and wrapped, close the link on each row and open it again on the next", () => {
    for (const rows of [wrapLine(row, 16), splitLine(row, 16), [truncateLine(row, 16)]]) {
      for (const r of rows) {
        expect(textWidth(r)).toBeLessThanOrEqual(16);
        const opened = [...r.matchAll(/\u001b\]8;;[^\u0007]*\u0007/g)].map((m) => hyperlinkUri(m[0]));
        // Every row that opens the link closes it before its end.
        if (opened.some((u) => u !== "")) expect(opened.at(-1)).toBe("");
      }
      expect(stripSequences(rows[0] ?? "")).toMatch(/^✓ edit/);
    }
    expect(splitLine(row, 16).map(stripSequences).join("")).toBe(stripSequences(row));
    const wrapped = splitLine(row, 16);
    expect(
      wrapped.filter((r) => uris(r).includes("file://box/home/me/project/src/a-rather-long/path/name.ts")).length,
    ).toBeGreaterThan(1);
  });

  it("pass the finished rows' guard, which still shows any other OSC as text", () => {
    expect(guardRow(row)).toBe(row);
    expect(guardRow("\u001b]0;title\u0007")).toBe("␛]0;title␇");
  });

  it("never come from untrusted text: the sanitiser strips an OSC 8 the model wrote", () => {
    const evil = "click \u001b]8;;file:///etc/passwd\u0007here\u001b]8;;\u0007 now";
    expect(sanitizeText(evil)).not.toContain("\u001b]8");
    expect(sanitizeText(evil)).toContain("here");
  });
});
