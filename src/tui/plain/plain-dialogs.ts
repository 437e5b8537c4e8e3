// Extension dialogs as numbered questions for plain mode (pure): the lines that ask one, with
// its timeout said in words, and the reading of a typed line as its answer (a number, y/n or
// text; /cancel cancels any of them).
import type { UiResponse } from "../../bridge/index.js";
import { sanitizeExact, sanitizeLine, sanitizeText } from "../render/sanitize.js";
import type { DialogRequest } from "../state/types.js";

export type NumberedDialog = { number: number; dialog: DialogRequest };

export type DialogReading = { response: UiResponse } | { retry: string };

/** "closes in 10 seconds", or "" when the dialog waits for ever. */
export function timeoutWords(timeoutMs: number | undefined): string {
  if (timeoutMs === undefined) return "";
  const seconds = Math.max(1, Math.ceil(timeoutMs / 1000));
  return `closes in ${seconds} second${seconds === 1 ? "" : "s"}`;
}

function howToAnswer(d: DialogRequest): string {
  switch (d.method) {
    case "select":
      return `answer with a number from 1 to ${d.options.length}`;
    case "confirm":
      return "answer y or n";
    case "input":
      return "type the answer";
    case "editor":
      return d.prefill === "" ? "type the text" : "type the text, or an empty line to keep it as shown";
    default: {
      const never: never = d;
      return never;
    }
  }
}

/** The lines that ask question `q`. */
export function questionLines(q: NumberedDialog): string[] {
  const d = q.dialog;
  const head = `question ${q.number}: ${sanitizeLine(d.title)}`;
  const body: string[] = [];
  // The change a permission question is about (an edit's diff), above the choices.
  if (d.method === "select" && d.diff !== undefined && d.diff.trim() !== "")
    body.push(
      ...sanitizeExact(d.diff.replace(/\n+$/, ""))
        .split("\n")
        .map((l) => `  ${l}`),
    );
  if (d.method === "select") body.push(...d.options.map((o, i) => `  ${i + 1}. ${sanitizeLine(o)}`));
  if (d.method === "confirm" && d.message !== "")
    body.push(
      ...sanitizeExact(d.message)
        .split("\n")
        .map((l) => `  ${l}`),
    );
  if (d.method === "editor" && d.prefill !== "")
    body.push(
      ...sanitizeText(d.prefill)
        .split("\n")
        .map((l) => `  ${l}`),
    );
  const timeout = timeoutWords(d.timeoutMs);
  return [head, ...body, `${howToAnswer(d)}; /cancel cancels${timeout === "" ? "" : `; ${timeout}`}`];
}

/** A typed line read as the answer to `d`. */
export function readAnswer(d: DialogRequest, line: string): DialogReading {
  const text = line.trim();
  if (text === "/cancel") return { response: { cancelled: true } };
  switch (d.method) {
    case "select": {
      const n = /^\d+$/.test(text) ? Number(text) : Number.NaN;
      const option = d.options[n - 1];
      return option !== undefined
        ? { response: { value: option } }
        : { retry: `answer with a number from 1 to ${d.options.length}` };
    }
    case "confirm":
      if (/^(y|yes)$/i.test(text)) return { response: { confirmed: true } };
      if (/^(n|no)$/i.test(text)) return { response: { confirmed: false } };
      return { retry: "answer y or n" };
    case "input":
      return { response: { value: line } };
    case "editor":
      return { response: { value: line === "" ? d.prefill : line } };
    default: {
      const never: never = d;
      return never;
    }
  }
}
