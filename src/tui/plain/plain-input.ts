// What one typed line means in plain mode (pure): a plain-mode command, the answer to the open
// question, a prompt when idle, a steer while a run streams.
import type { UiResponse } from "../../bridge/index.js";
import { readAnswer, type NumberedDialog } from "./plain-dialogs.js";

export type PlainIntent =
  | { kind: "prompt"; text: string }
  | { kind: "steer"; text: string }
  | { kind: "follow_up"; text: string }
  | { kind: "abort" }
  /** Send again the queued messages an abort took back. */
  | { kind: "resend" }
  | { kind: "quit" }
  | { kind: "answer"; id: string; response: UiResponse }
  /** Tell the user something (help, a question asked again), send nothing. */
  | { kind: "say"; lines: string[] }
  | { kind: "none" };

export const PLAIN_HELP = [
  "help: Enter sends a message; while the agent works it steers the run",
  "help: /followup <text> queues a message for when the run ends",
  "help: /abort (or ctrl+c) stops the run; /quit (or ctrl+d, or ctrl+c when idle) leaves",
  "help: queued messages an abort took back are shown; /resend sends them",
  "help: questions are answered with their number, y or n, or text; /cancel cancels one",
];

function command(text: string): { name: string; rest: string } | undefined {
  const m = /^\/(\w+)(?:\s+([\s\S]*))?$/.exec(text);
  return m ? { name: m[1] ?? "", rest: (m[2] ?? "").trim() } : undefined;
}

/** The intent of `line`, given whether a run is busy and the question waiting for an answer. */
export function decideInput(line: string, busy: boolean, question: NumberedDialog | undefined): PlainIntent {
  const text = line.trim();
  const cmd = command(text);
  switch (cmd?.name) {
    case "abort":
      return { kind: "abort" };
    case "resend":
      return { kind: "resend" };
    case "quit":
    case "exit":
      return { kind: "quit" };
    case "help":
      return { kind: "say", lines: PLAIN_HELP };
    case "followup":
      if (cmd.rest === "") return { kind: "say", lines: ["usage: /followup <text>"] };
      return busy ? { kind: "follow_up", text: cmd.rest } : { kind: "prompt", text: cmd.rest };
    case "cancel":
      if (!question) return { kind: "say", lines: ["no question is open"] };
      break;
    default:
      break;
  }
  if (question) {
    const reading = readAnswer(question.dialog, line);
    if ("retry" in reading) return { kind: "say", lines: [`question ${question.number}: ${reading.retry}`] };
    return { kind: "answer", id: question.dialog.id, response: reading.response };
  }
  if (text === "") return { kind: "none" };
  return busy ? { kind: "steer", text } : { kind: "prompt", text };
}
