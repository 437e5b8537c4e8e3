// Decoders for the structured command fields: images (canonical and legacy base64 form),
// set_todos phases and set_host_tools definitions (docs/protocol.md §3.1.1, §5.1, §8.1, §9.3).

import { TODO_STATUSES } from "../constants.js";
import type { RpcHostToolDefinition } from "../types/host-tools.js";
import type { ImageContent, ImageInput } from "../types/messages.js";
import type { TodoPhaseInput, TodoTaskInput } from "../types/todos.js";
import { fail, fieldReader, isObject, setIfDefined, type FieldReader } from "./result.js";

/** Exact error text required by docs/protocol.md §3.1.1 for `source.type: "url"`. */
export const URL_IMAGE_ERROR = "URL image sources are not supported";

/** `images?: ImageInput[]`; URL sources are rejected here with the docs/protocol.md §3.1.1 text. */
export function decodeImages(r: FieldReader, prefix: string): ImageInput[] | undefined {
  const list = r.optArray("images");
  if (list === undefined) return undefined;
  return list.map((item, index) => {
    const path = `images[${index}].`;
    if (!isObject(item)) return fail(`${prefix}: "images[${index}]" must be an object`);
    const img = fieldReader(item, prefix, path);
    img.oneOf("type", ["image"]);
    if (item["source"] !== undefined && item["source"] !== null) {
      const source = fieldReader(img.object("source"), prefix, `${path}source.`);
      const kind = source.oneOf("type", ["base64", "url"]);
      if (kind === "url") return fail(URL_IMAGE_ERROR);
      return {
        type: "image",
        source: { type: "base64", mediaType: source.string("mediaType"), data: source.string("data") },
      };
    }
    return { type: "image", data: img.string("data"), mimeType: img.string("mimeType") };
  });
}

/** Converts an accepted image to the canonical `{ type, data, mimeType }` shape (docs/protocol.md §5.1). */
export function normalizeImageInput(image: ImageInput): ImageContent {
  if ("data" in image) return { type: "image", data: image.data, mimeType: image.mimeType };
  if (image.source.type === "base64") {
    return { type: "image", data: image.source.data, mimeType: image.source.mediaType };
  }
  // decodeImages never lets a URL source through; reaching this is a programming error.
  throw new TypeError(URL_IMAGE_ERROR);
}

/** `phases: TodoPhaseInput[]` — structure and enums only; docs/protocol.md §9.3 semantic checks are the agent's. */
export function decodeTodoPhases(r: FieldReader, prefix: string): TodoPhaseInput[] {
  return r.array("phases").map((item, p) => {
    if (!isObject(item)) return fail(`${prefix}: "phases[${p}]" must be an object`);
    const phase = fieldReader(item, prefix, `phases[${p}].`);
    const result: TodoPhaseInput = { name: phase.string("name") };
    setIfDefined(result, "id", phase.optString("id"));
    const tasks = phase.optArray("tasks");
    if (tasks !== undefined) {
      result.tasks = tasks.map((taskItem, t): TodoTaskInput => {
        if (!isObject(taskItem)) return fail(`${prefix}: "phases[${p}].tasks[${t}]" must be an object`);
        const task = fieldReader(taskItem, prefix, `phases[${p}].tasks[${t}].`);
        const out: TodoTaskInput = { content: task.string("content") };
        setIfDefined(out, "id", task.optString("id"));
        setIfDefined(out, "status", task.optOneOf("status", TODO_STATUSES));
        setIfDefined(out, "notes", task.optString("notes"));
        setIfDefined(out, "details", task.optString("details"));
        return out;
      });
    }
    return result;
  });
}

/**
 * `tools: RpcHostToolDefinition[]`. Invalid definitions fail with the exact docs/protocol.md §3.10 texts, which
 * the worker must answer with; names and descriptions are returned untrimmed (the agent
 * normalises them, docs/protocol.md §8.1).
 */
export function decodeHostTools(r: FieldReader): RpcHostToolDefinition[] {
  return r.array("tools").map((item, index) => {
    const tool = isObject(item) ? item : {};
    const name = tool["name"];
    if (typeof name !== "string" || name.trim() === "") {
      return fail(`Host tool at index ${index} must provide a non-empty name`);
    }
    const description = tool["description"];
    if (typeof description !== "string" || description.trim() === "") {
      return fail(`Host tool "${name.trim()}" must provide a non-empty description`);
    }
    const parameters = tool["parameters"];
    if (!isObject(parameters)) return fail(`Host tool "${name.trim()}" must provide a JSON Schema object`);
    const result: RpcHostToolDefinition = { name, description, parameters };
    const label = tool["label"];
    if (typeof label === "string") result.label = label;
    // docs/protocol.md §8.1: `hidden` is coerced to boolean rather than rejected.
    if (tool["hidden"] !== undefined && tool["hidden"] !== null) result.hidden = Boolean(tool["hidden"]);
    return result;
  });
}
