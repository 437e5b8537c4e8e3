// /copy's clipboard: OSC 52 (wrapped for tmux/screen), size cap, and the file fallback.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { copyToClipboard, OSC52_MAX_BYTES, osc52Sequence } from "../../../src/tui/clipboard.js";

const dir = mkdtempSync(join(tmpdir(), "clip-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("clipboard", () => {
  it("encodes UTF-8 as base64 in OSC 52, with passthrough inside tmux and screen", () => {
    const b64 = Buffer.from("héllo ✓").toString("base64");
    expect(osc52Sequence("héllo ✓", {})).toBe(`\u001b]52;c;${b64}\u0007`);
    expect(osc52Sequence("x", { TMUX: "/tmp/tmux-1/default,1,0" })).toBe(`\u001bPtmux;\u001b\u001b]52;c;eA==\u0007\u001b\\`);
    expect(osc52Sequence("x", { TERM: "screen-256color" })).toBe(`\u001bP\u001b]52;c;eA==\u0007\u001b\\`);
  });

  it("always writes the fallback file (private), and skips OSC 52 for oversized text", () => {
    const writes: string[] = [];
    const r = copyToClipboard("answer", { write: (d) => writes.push(d), env: {}, dir: join(dir, "a") });
    expect(r).toEqual({ osc52: true, file: join(dir, "a", "last-copy.md"), error: undefined });
    expect(writes).toHaveLength(1);
    expect(readFileSync(r.file ?? "", "utf8")).toBe("answer");
    expect(statSync(r.file ?? "").mode & 0o077).toBe(0);
    const big = "x".repeat(OSC52_MAX_BYTES + 1);
    const r2 = copyToClipboard(big, { write: (d) => writes.push(d), env: {}, dir: join(dir, "b") });
    expect(r2.osc52).toBe(false);
    expect(writes).toHaveLength(1);
    expect(readFileSync(r2.file ?? "", "utf8")).toHaveLength(big.length);
  });

  it("reports a fallback file it could not write", () => {
    const file = join(dir, "a-file");
    writeFileSync(file, "");
    const r = copyToClipboard("a", { write: () => undefined, env: {}, dir: join(file, "sub") }); // a file is no directory
    expect(r.file).toBeUndefined();
    expect(r.error).toBeDefined();
  });
});
