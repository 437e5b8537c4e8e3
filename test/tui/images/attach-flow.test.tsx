// Images through the app: an @path becomes a chip and goes out as protocol images, a dropped
// path (a paste) becomes a chip Backspace removes whole, and what cannot be sent is said
// before anything goes out, with the text kept.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cleanup } from "ink-testing-library";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { createCompletionDriver } from "../../../src/tui/completion/completion-driver.js";
import { setupApp, typeText } from "../helpers/app-harness.js";
import { waitFor } from "../helpers/fake-connection.js";

vi.hoisted(() => delete process.env["CI"]);
afterEach(() => cleanup());

const dir = mkdtempSync(join(tmpdir(), "attach-flow-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const png = readFileSync(join(import.meta.dirname, "../../fixtures/images/shot.png"));
writeFileSync(join(dir, "shot.png"), png);
writeFileSync(join(dir, "my shot.png"), png);
writeFileSync(join(dir, "notes.png"), "meeting notes\n");
const CHIP = `[image #1 shot.png 37×23 ${Math.round(png.length / 1000)} kB]`;
const IMAGE = { type: "image", data: png.toString("base64"), mimeType: "image/png" };

/** The footer's model, as get_state reports it. */
function setModel(s: ReturnType<typeof setupApp>, imageInput: boolean | undefined, name = "Text Only"): void {
  const model = { id: "t", name, provider: "p", contextWindow: 1, reasoning: false, imageInput };
  s.store.dispatch({
    type: "snapshot",
    snapshot: { model, thinkingLevel: undefined, isStreaming: false, sessionName: undefined, todoPhases: undefined },
  });
}

const notices = (s: ReturnType<typeof setupApp>): string =>
  s.store
    .getState()
    .transcript.committed.map((e) => ("text" in e ? e.text : ""))
    .join("\n");

describe("images in the prompt", () => {
  it("an @path to an image is sent as a chip in the text and the image's bytes", async () => {
    const s = setupApp({ cwd: dir });
    await typeText(s, "what is in @shot.png ?");
    s.stdin.write("\r");
    await waitFor(() => s.conn.calls.some((c) => c.method === "prompt"), "the prompt");
    expect(s.conn.calls.find((c) => c.method === "prompt")?.args).toEqual([
      `what is in ${CHIP} ?`,
      { images: [IMAGE] },
    ]);
  });

  it("while the agent works, a steer and a follow-up carry their images", async () => {
    const s = setupApp({ cwd: dir });
    s.store.dispatch({ type: "run_state", busy: true, now: Date.now() });
    await typeText(s, "and @shot.png");
    s.stdin.write("\u0006"); // Ctrl+F: follow-up
    await waitFor(() => s.conn.calls.some((c) => c.method === "prompt"), "the follow-up");
    expect(s.conn.calls.find((c) => c.method === "prompt")?.args).toEqual([
      `and ${CHIP} `,
      { streamingBehavior: "followUp", images: [IMAGE] },
    ]);
  });

  it("an image chosen in the @ list becomes its chip at once", async () => {
    const s = setupApp({ cwd: dir });
    const files = () => ({ kind: "local" as const, cwd: dir, list: () => ["shot.png", "notes.png"] });
    const driver = createCompletionDriver({ store: s.store, commands: () => [], supported: () => true, files });
    try {
      await typeText(s, "see @sho");
      await waitFor(() => s.store.getState().completion !== undefined, "the @ list");
      s.stdin.write("\t");
      await waitFor(
        () => s.store.getState().editor.text === `see ${CHIP} `,
        `editor: ${s.store.getState().editor.text}`,
      );
      await typeText(s, "now");
      expect(s.store.getState().editor.text).toBe(`see ${CHIP} now`);
      expect(s.conn.calls.filter((c) => c.method === "prompt")).toEqual([]);
    } finally {
      driver.dispose();
    }
  });

  it("a dropped path (a quoted paste) becomes a chip, and Backspace removes the whole chip", async () => {
    const s = setupApp({ cwd: dir });
    await typeText(s, "see ");
    s.stdin.write(`\u001b[200~'${join(dir, "my shot.png")}'\u001b[201~`);
    await waitFor(() => s.frame().includes("[image #1 my shot.png 37×23"), `frame: ${s.frame()}`);
    s.stdin.write("\u007f"); // the space after the chip
    s.stdin.write("\u007f"); // the chip
    await waitFor(() => s.store.getState().editor.text === "see ", `editor: ${s.store.getState().editor.text}`);
    expect(s.store.getState().editor.images).toEqual({});
  });

  it("a file that is not an image is said before sending, and the text stays", async () => {
    const s = setupApp({ cwd: dir });
    await typeText(s, "read @notes.png");
    s.stdin.write("\r");
    await waitFor(() => notices(s).includes("notes.png is not a PNG"), "the reason");
    expect(notices(s)).toContain(
      "Not sent: notes.png is not a PNG, JPEG, GIF or WebP image (judged by its first bytes). " +
        "Your message is still in the editor.",
    );
    expect(s.store.getState().editor.text).toBe("read @notes.png");
    expect(s.conn.calls.filter((c) => c.method === "prompt")).toEqual([]);
  });

  it("a model without image input gets nothing, and the prompt stays with its chip", async () => {
    const s = setupApp({ cwd: dir });
    setModel(s, false);
    await typeText(s, "look @shot.png");
    s.stdin.write("\r");
    await waitFor(() => notices(s).includes("does not take images"), "the reason");
    expect(notices(s)).toContain("Not sent: Text Only does not take images (its input is text only).");
    expect(s.store.getState().editor.text).toBe(`look ${CHIP} `);
    expect(s.conn.calls.filter((c) => c.method === "prompt")).toEqual([]);
  });

  it("a refused prompt comes back with its images", async () => {
    const s = setupApp({ cwd: dir });
    (s.conn.rpc as unknown as Record<string, unknown>)["prompt"] = async () => {
      throw new Error("worker said no");
    };
    setModel(s, true, "Sees Images");
    await typeText(s, "look @shot.png");
    s.stdin.write("\r");
    await waitFor(() => notices(s).includes("worker said no"), "the failure");
    await waitFor(() => s.store.getState().editor.text === `look ${CHIP} `, "the text back");
    expect(Object.values(s.store.getState().editor.images).map((i) => i.data)).toEqual([IMAGE.data]);
  });
});
