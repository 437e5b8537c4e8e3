// The one prompt of print mode, put together as pi does it: piped stdin first, then each
// `@file` argument (text inline in a <file> tag, images attached), then the other words.
import { readFile } from "node:fs/promises";
import { homedir } from "node:os";
import { extname, resolve } from "node:path";
import type { ImageContent } from "../../bridge/index.js";

export type PromptInput = { text: string; images: ImageContent[] };

const IMAGE_TYPES: Record<string, string> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
};

/** `@path` words name files; `~/` is the home directory, anything else is relative to `cwd`. */
function filePath(word: string, cwd: string): string {
  const path = word.slice(1);
  return path === "~" || path.startsWith("~/") ? resolve(homedir(), path.slice(2)) : resolve(cwd, path);
}

async function fileContents(paths: readonly string[]): Promise<PromptInput> {
  let text = "";
  const images: ImageContent[] = [];
  for (const path of paths) {
    const bytes = await readFile(path).catch((error: unknown) => {
      throw new Error(`cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`);
    });
    if (bytes.length === 0) continue;
    const mimeType = IMAGE_TYPES[extname(path).toLowerCase()];
    if (mimeType) {
      images.push({ type: "image", data: bytes.toString("base64"), mimeType });
      text += `<file name="${path}"></file>\n`;
    } else {
      text += `<file name="${path}">\n${bytes.toString("utf8")}\n</file>\n`;
    }
  }
  return { text, images };
}

/** Everything a readable stream holds until its end, as UTF-8. */
export async function readAll(stream: AsyncIterable<Buffer | string>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * The prompt from the message `words` (those starting with `@` name files) and `piped`, the
 * text piped into stdin (undefined when stdin is a terminal). Throws when a file cannot be
 * read or there is no prompt at all.
 */
export async function buildPrompt(
  words: readonly string[],
  piped: string | undefined,
  cwd: string,
): Promise<PromptInput> {
  const fileWords = words.filter((w) => w.startsWith("@") && w.length > 1);
  const files = await fileContents(fileWords.map((w) => filePath(w, cwd)));
  const message = words
    .filter((w) => !fileWords.includes(w))
    .join(" ")
    .trim();
  const parts = [piped?.trimEnd() ?? "", files.text.trimEnd(), message].filter((p) => p !== "");
  if (parts.length === 0 && files.images.length === 0)
    throw new Error('no prompt: give it as arguments (agent-tui -p "…") or on stdin');
  return { text: parts.join("\n\n"), images: files.images };
}
