// The permission gate's question about an edit or write: the diff it carries, the "edits" mode
// that asks for every edit in the tree, and "Edit, then allow" (an editor dialog whose answer
// replaces what the call writes; the real edit and write tools then write the user's text).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ExtensionHost } from "../../../src/agent/extensions/host.js";
import {
  ALLOW_ONCE,
  ALLOW_SESSION,
  BLOCK,
  createPermissionGate,
  EDIT_THEN_ALLOW,
  type GateMode,
  PERMISSION_GATE_PATH,
} from "../../../src/agent/extensions/builtin/permission-gate.js";
import { validateSetting } from "../../../src/agent/commands/settings-commands.js";
import { createEditTool } from "../../../src/agent/tools/edit.js";
import { createWriteTool } from "../../../src/agent/tools/write.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "gate-diff-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

type Frame = Record<string, unknown>;

async function gate(mode: GateMode) {
  const frames: Frame[] = [];
  let asked: ((f: Frame) => void) | undefined;
  let n = 0;
  const emit = (f: Frame): void => {
    frames.push(f);
    if (f.method !== "cancel") asked?.(f);
  };
  const host = new ExtensionHost({ cwd: dir, emit, newId: () => `ui-${++n}` });
  await host.register(
    { path: PERMISSION_GATE_PATH, source: "builtin", scope: "temporary" },
    createPermissionGate({ timeoutMs: 60_000, mode: () => mode }),
  );
  /** Waits for the next dialog (or takes the one waiting), answers it, and returns its request frame. */
  const answer = async (response: Frame): Promise<Frame> => {
    const [waiting] = host.bridge.pendingIds();
    const request =
      frames.find((f) => f.id === waiting) ??
      (await new Promise<Frame>((resolve) => {
        asked = resolve;
      }));
    asked = undefined;
    host.bridge.handleUiResponse({ type: "extension_ui_response", id: request.id, ...response });
    return request;
  };
  return { host, frames, answer };
}

const edit = (args: Frame) => ({ toolCallId: "c1", toolName: "edit", args });

describe("the gate shows the change", () => {
  it("mode risky lets an edit inside the tree through without asking", async () => {
    writeFileSync(join(dir, "a.txt"), "alpha\nbeta\n");
    const { host, frames } = await gate("risky");
    await expect(
      host.beforeToolCall(edit({ path: "a.txt", edits: [{ oldText: "beta", newText: "BETA" }] })),
    ).resolves.toBeUndefined();
    expect(frames).toEqual([]);
  });

  it("mode edits asks about an edit in the tree with the diff of the file and four choices", async () => {
    writeFileSync(join(dir, "a.txt"), "alpha\nbeta\ngamma\n");
    const { host, answer } = await gate("edits");
    const pending = host.beforeToolCall(edit({ path: "a.txt", edits: [{ oldText: "beta", newText: "BETA" }] }));
    const request = await answer({ value: ALLOW_ONCE });
    await expect(pending).resolves.toBeUndefined();
    expect(request).toMatchObject({
      method: "select",
      title: "Allow edit of a.txt?",
      options: [ALLOW_ONCE, ALLOW_SESSION, EDIT_THEN_ALLOW, BLOCK],
      diff: " 1 alpha\n-2 beta\n+2 BETA\n 3 gamma",
    });
  });

  it("a write of a new file shows every line added; a rewrite shows only the lines that differ", async () => {
    writeFileSync(join(dir, "old.txt"), "one\ntwo\nthree\n");
    const { host, answer } = await gate("edits");
    const created = host.beforeToolCall({
      toolCallId: "w1",
      toolName: "write",
      args: { path: "new.txt", content: "x\ny\n" },
    });
    expect(await answer({ value: ALLOW_ONCE })).toMatchObject({ diff: "+1 x\n+2 y" });
    await created;
    const rewritten = host.beforeToolCall({
      toolCallId: "w2",
      toolName: "write",
      args: { path: "old.txt", content: "one\n2\nthree\n" },
    });
    expect(await answer({ value: ALLOW_ONCE })).toMatchObject({ diff: " 1 one\n-2 two\n+2 2\n 3 three" });
    await rewritten;
  });

  it("an edit that would fail is asked about without a diff and without Edit, then allow", async () => {
    writeFileSync(join(dir, "a.txt"), "alpha\n");
    const { host, answer } = await gate("edits");
    const pending = host.beforeToolCall(edit({ path: "a.txt", edits: [{ oldText: "nope", newText: "x" }] }));
    const request = await answer({ value: BLOCK });
    await expect(pending).resolves.toMatchObject({ block: true });
    expect(request.options).toEqual([ALLOW_ONCE, ALLOW_SESSION, BLOCK]);
    expect(request).not.toHaveProperty("diff");
  });
});

describe("Edit, then allow", () => {
  it("opens an editor dialog on the new text; the edit tool then writes the user's text, CRLF kept", async () => {
    const file = join(dir, "a.txt");
    writeFileSync(file, "alpha\r\nbeta\r\n");
    const { host, answer } = await gate("edits");
    const args: Frame = { path: "a.txt", edits: [{ oldText: "beta", newText: "BETA" }] };
    const pending = host.beforeToolCall(edit(args));
    await answer({ value: EDIT_THEN_ALLOW });
    const editor = await answer({ value: "alpha\nedited by the user\n" });
    await expect(pending).resolves.toBeUndefined();
    expect(editor).toMatchObject({ method: "editor", prefill: "alpha\nBETA\n" });
    expect(editor).not.toHaveProperty("timeout");
    await createEditTool(dir).execute("c1", args as never);
    expect(readFileSync(file, "utf8")).toBe("alpha\r\nedited by the user\r\n");
    // The model learns that the file holds the user's version.
    const result = { toolCallId: "c1", toolName: "edit", input: args, details: undefined, isError: false };
    const done = { type: "text" as const, text: "Successfully replaced 1 block(s) in a.txt." };
    const patch = await host.afterToolCall({ ...result, content: [done] });
    expect(patch?.content).toEqual([
      done,
      {
        type: "text",
        text:
          "The user edited the new text of a.txt before allowing this call: the file holds the user's version, " +
          "not the text you sent. Read it before changing it again.",
      },
    ]);
    // Said once: a later result of the same id (there is none in practice) is left alone.
    await expect(host.afterToolCall({ ...result, content: [done] })).resolves.toBeUndefined();
  });

  it("a write runs with the edited content", async () => {
    const { host, answer } = await gate("edits");
    const args: Frame = { path: "n.txt", content: "from the model\n" };
    const pending = host.beforeToolCall({ toolCallId: "w", toolName: "write", args });
    await answer({ value: EDIT_THEN_ALLOW });
    expect(await answer({ value: "from the user\n" })).toMatchObject({ prefill: "from the model\n" });
    await expect(pending).resolves.toBeUndefined();
    await createWriteTool(dir).execute("w", args as never);
    expect(readFileSync(join(dir, "n.txt"), "utf8")).toBe("from the user\n");
  });

  it("cancelling the editor blocks the call and leaves its input as it was", async () => {
    writeFileSync(join(dir, "a.txt"), "alpha\n");
    const { host, answer } = await gate("edits");
    const edits = [{ oldText: "alpha", newText: "omega" }];
    const args: Frame = { path: "a.txt", edits };
    const pending = host.beforeToolCall(edit(args));
    await answer({ value: EDIT_THEN_ALLOW });
    await answer({ cancelled: true });
    await expect(pending).resolves.toEqual({
      block: true,
      reason: "Blocked by the permission gate: the user cancelled the edit.",
    });
    expect(args.edits).toBe(edits);
    expect(readFileSync(join(dir, "a.txt"), "utf8")).toBe("alpha\n");
  });
});

describe("the permissionGate setting", () => {
  it("takes true, false and edits, and names them when given anything else", () => {
    expect(validateSetting("permissionGate", "edits")).toBe("edits");
    expect(validateSetting("permissionGate", true)).toBe(true);
    expect(() => validateSetting("permissionGate", "sometimes")).toThrow(
      'permissionGate must be true, false or "edits"',
    );
  });
});
