// Attaching images to the prompt, from the three places they come from: an `@path` in the text
// (made a chip before the prompt is sent), a file dropped on the terminal (its path arrives as
// a paste) and the clipboard (Ctrl+V). Files and the clipboard are this machine's; what cannot
// be attached is said in one line, and the text stays as it was.
import { statSync } from "node:fs";
import { homedir } from "node:os";
import { resolve } from "node:path";
import { findChips } from "../state/image-chips.js";
import type { Store } from "../state/store.js";
import type { NoticeLevel } from "../state/types.js";
import { type ClipboardImage, readClipboardImage } from "../terminal/clipboard-image.js";
import { droppedPaths } from "./dropped-path.js";
import { fileIsImage, IMAGE_EXTENSIONS, imageFromBytes, type ImageResult, readImageFile } from "./image-file.js";

export type ImageAttachOptions = {
  store: Store;
  /** Where relative paths start: agent-tui's own directory (the worker's may be on another machine). */
  cwd: string;
  notice(text: string, level?: NoticeLevel): void;
  toast(text: string, level?: NoticeLevel): void;
  readClipboard?: () => Promise<ClipboardImage>;
};

export type ImageAttach = {
  /** A paste just ended: when it names image files, they are attached instead (true). */
  pasteEnded(pasted: string): boolean;
  /**
   * Make every `@path` of an image here a chip; false (and a message) when one cannot be sent.
   * `when`: before sending (the message says nothing was sent) or after a completion.
   */
  attachAtPaths(when?: "send" | "complete"): boolean;
  /** Ctrl+V: the clipboard's image, if it has one. */
  pasteClipboard(): Promise<void>;
};

/** `@path`, `@"a path"` or `@'a path'` at a word start. */
const AT_PATH = /(^|\s)@(?:"([^"\n]+)"|'([^'\n]+)'|([^\s"']+))/g;

const isFile = (path: string): boolean => {
  try {
    return statSync(path).isFile();
  } catch (error) {
    // Missing or unreadable: not a file we can attach.
    void error;
    return false;
  }
};

export function createImageAttach(o: ImageAttachOptions): ImageAttach {
  const { store } = o;
  const attach = (image: ImageResult & { ok: true }, start?: number, end?: number): void =>
    store.dispatch({
      type: "editor",
      op:
        start === undefined
          ? { op: "attach_image", image: image.image }
          : { op: "attach_image", image: image.image, start, end },
    });

  const pasteEnded = (pasted: string): boolean => {
    const paths = droppedPaths(pasted, o.cwd);
    if (paths === undefined || !paths.every(isFile) || !paths.some((p) => IMAGE_EXTENSIONS.test(p) || fileIsImage(p)))
      return false;
    const images = paths.map(readImageFile);
    const failed = images.find((r) => !r.ok);
    if (failed && !failed.ok) {
      o.notice(`Not attached: ${failed.reason}. The path was pasted as text.`, "warning");
      return false;
    }
    // The pasted path goes in as text, then the first image's chip takes its place.
    const at = store.getState().editor.cursor;
    store.dispatch({ type: "editor", op: { op: "paste", active: false } });
    const end = store.getState().editor.cursor;
    images.forEach((r, i) => {
      if (r.ok) attach(r, i === 0 ? at : undefined, i === 0 ? end : undefined);
    });
    return true;
  };

  const attachAtPaths = (when: "send" | "complete" = "send"): boolean => {
    const text = store.getState().editor.text;
    if (!text.includes("@")) return true;
    const chips = findChips(store.getState().editor);
    let shift = 0;
    for (const m of text.matchAll(AT_PATH)) {
      const word = m[2] ?? m[3] ?? m[4] ?? "";
      const start = m.index + (m[1]?.length ?? 0);
      const end = m.index + m[0].length;
      if (!IMAGE_EXTENSIONS.test(word) || chips.some((c) => c.start < end && start < c.end)) continue;
      const path = word === "~" || word.startsWith("~/") ? resolve(homedir(), word.slice(2)) : resolve(o.cwd, word);
      // Not here: the worker may have it (it runs elsewhere, or the model reads it with a tool).
      if (!isFile(path)) continue;
      const image = readImageFile(path);
      if (!image.ok) {
        const kept = when === "send" ? "Not sent: " : "Not attached: ";
        o.notice(`${kept}${image.reason}.${when === "send" ? " Your message is still in the editor." : ""}`, "warning");
        return false;
      }
      const before = store.getState().editor.text.length;
      attach(image, start + shift, end + shift);
      shift += store.getState().editor.text.length - before;
    }
    return true;
  };

  const pasteClipboard = async (): Promise<void> => {
    const got = await (o.readClipboard ?? (() => readClipboardImage()))();
    const image = got.kind === "image" ? imageFromBytes("clipboard", got.bytes) : undefined;
    if (image?.ok) attach(image);
    else say(o, got, image?.reason);
  };

  return { pasteEnded, attachAtPaths, pasteClipboard };
}

/** What Ctrl+V found when it attached nothing: `reason`, why its image was refused. */
function say(o: Pick<ImageAttachOptions, "notice" | "toast">, got: ClipboardImage, reason: string | undefined): void {
  switch (got.kind) {
    case "image":
      return o.notice(`Not attached: ${reason ?? "the clipboard's image could not be read"}.`, "warning");
    case "no_image":
      return o.toast(`No image on the clipboard (read with ${got.tool}); paste text with your terminal's paste key`);
    case "no_tool":
      return o.notice(
        `Ctrl+V attaches an image from the clipboard, but ${got.why}; type @path or drop the file instead.`,
        "warning",
      );
    case "error":
      return o.notice(`Could not read the clipboard with ${got.tool}: ${got.error}`, "warning");
    default: {
      const never: never = got;
      return never;
    }
  }
}
