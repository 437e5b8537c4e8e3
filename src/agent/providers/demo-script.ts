// The demo model's script: a pure function from the conversation to the next answer. The tour
// is intro + `ls`, a `bash` command with live output (time to steer), a todo plan left
// unfinished for the worker's reminder, the finished plan, and a closing text.

import type { Context } from "@mariozechner/pi-ai";

export type DemoBlock =
  | { kind: "thinking"; text: string }
  | { kind: "text"; text: string }
  | { kind: "tool"; name: string; args: Record<string, unknown> };

/** Marks the tour's closing answer: a later user message starts no tour of its own unless it asks. */
export const DEMO_END = "That is the end of the demo tour.";

/** Ten lines, one every 0.3 s: about 3 s of live output, read-only, POSIX sh + coreutils. */
export const DEMO_LIVE_COMMAND =
  "for i in 1 2 3 4 5 6 7 8 9 10; do " +
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell parameter expansion, not a template
  'echo "demo step $i/10 at $(date +%T) in ${PWD##*/} (type a message now to steer me)"; ' +
  "sleep 0.3; done";

type Message = Context["messages"][number];
type TourStep = "ls" | "bash" | "plan" | "finish";

interface TourState {
  inTour: boolean;
  /** The last user message started the tour (a new prompt), rather than steering it. */
  started: boolean;
  toursRun: number;
  done: Set<TourStep>;
}

const TASKS = ["List the working directory", "Run a command with live output", "Summarise the project layout"];
type TaskStatus = "completed" | "in_progress" | "pending";

function messageText(message: Message): string {
  if (message.role === "toolResult" || message.role === "user") {
    const content = message.content;
    return typeof content === "string" ? content : content.map((c) => (c.type === "text" ? c.text : "")).join("");
  }
  return message.content.map((c) => (c.type === "text" ? c.text : "")).join("");
}

/** The worker's todo reminder (a hidden custom message, sent to the model as user text). */
function isTodoReminder(message: Message | undefined): boolean {
  if (message?.role !== "user") return false;
  const text = messageText(message);
  return text.startsWith("<system_reminder>") && text.includes("incomplete todo item");
}

function hasTool(context: Context, name: string): boolean {
  return (context.tools ?? []).some((tool) => tool.name === name);
}

/** Replay the conversation: is a tour running, and which of its steps have results. */
function readTour(messages: readonly Message[]): TourState {
  const state: TourState = { inTour: false, started: false, toursRun: 0, done: new Set() };
  let reminded = false;
  for (const message of messages) {
    if (message.role === "user") {
      if (isTodoReminder(message)) {
        reminded = true;
        continue;
      }
      state.started = !state.inTour && (state.toursRun === 0 || /\b(tour|demo)\b/i.test(messageText(message)));
      if (state.started) {
        state.inTour = true;
        state.toursRun++;
        state.done = new Set();
        reminded = false;
      }
    } else if (message.role === "assistant") {
      if (messageText(message).includes(DEMO_END)) state.inTour = false;
    } else {
      const name = message.toolName;
      if (name === "ls" || name === "read") state.done.add("ls");
      else if (name === "bash") state.done.add("bash");
      // The plan written after a reminder (or the second one) is the finished plan.
      else if (name === "todo_write")
        for (const step of reminded || state.done.has("plan") ? (["plan", "finish"] as const) : (["plan"] as const))
          state.done.add(step);
    }
  }
  return state;
}

function plan(statuses: readonly TaskStatus[]): DemoBlock {
  const tasks = TASKS.map((content, i) => ({ content, status: statuses[i] ?? "pending" }));
  return { kind: "tool", name: "todo_write", args: { phases: [{ name: "Explore (demo)", tasks }] } };
}

function quote(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 160 ? `${flat.slice(0, 159)}…` : flat;
}

function intro(context: Context, fallback: boolean): DemoBlock[] {
  const why = fallback
    ? "no API key was found, so you are talking to a scripted model"
    : "you asked for the offline demo, so a scripted model answers (no API key needed)";
  return [
    {
      kind: "thinking",
      text:
        "This is the offline demo model. I will show streaming markdown, a real read-only tool call, " +
        "a command with live output, and a todo plan.",
    },
    {
      kind: "text",
      text:
        `**Demo mode** — ${why}.\n\n` +
        "Everything you see is real protocol traffic:\n\n" +
        "- streamed *thinking* and **markdown**\n- tool calls with live output\n- a todo plan and the queue\n\n" +
        "```ts\n// a code block, to show highlighting\n" +
        // biome-ignore lint/suspicious/noTemplateCurlyInString: TypeScript source shown in the demo, not a template
        "const greet = (name: string): string => `Hello, ${name}!`;\n```\n\n" +
        "While I work, type a message: **Enter** steers me, **Alt+Enter** queues a follow-up. " +
        "Let me look at the current directory.",
    },
    ...(hasTool(context, "ls")
      ? [{ kind: "tool" as const, name: "ls", args: { path: "." } }]
      : hasTool(context, "read")
        ? [{ kind: "tool" as const, name: "read", args: { path: "README.md" } }]
        : []),
  ];
}

/** The tour's next step after what is done; `afterUser`: answering a message, not a tool result. */
function nextStep(context: Context, done: ReadonlySet<TourStep>, afterUser: boolean): DemoBlock[] {
  if (!done.has("bash") && hasTool(context, "bash")) {
    return [
      {
        kind: "text",
        text:
          "Next, a command with **live output**: it prints a line every 0.3 s for about 3 s. " +
          "This is your moment to steer — type a message and press Enter.",
      },
      { kind: "tool", name: "bash", args: { command: DEMO_LIVE_COMMAND, timeout: 30 } },
    ];
  }
  if (!done.has("plan") && hasTool(context, "todo_write")) {
    return [
      { kind: "text", text: "Here is a **todo plan** for exploring this project:" },
      plan(["completed", "completed", "in_progress"]),
    ];
  }
  if (done.has("plan") && !done.has("finish")) {
    // Left unfinished on purpose after the plan: the worker's todo reminder comes next. A
    // reminder or a user message (reminders may be off) finishes it.
    if (!afterUser)
      return [
        { kind: "text", text: "I leave the last task open on purpose: watch the worker's **todo reminder** arrive." },
      ];
    return [
      { kind: "text", text: "This is a demo, so I mark the plan done." },
      plan(["completed", "completed", "completed"]),
    ];
  }
  return [closing()];
}

function closing(): DemoBlock {
  return {
    kind: "text",
    text:
      `${DEMO_END}\n\nTo use a real model, set an API key such as \`ANTHROPIC_API_KEY\` or \`OPENAI_API_KEY\`, ` +
      "or add a provider to `$AGENT_TUI_HOME/models.json`.",
  };
}

/** Decide the next scripted answer from the conversation so far. */
export function planDemoAnswer(context: Context, options: { fallback?: boolean } = {}): DemoBlock[] {
  return joinTexts(planBlocks(context, options.fallback === true));
}

/** Adjacent text blocks become one paragraph-separated text part, as a model would write it. */
function joinTexts(blocks: DemoBlock[]): DemoBlock[] {
  const out: DemoBlock[] = [];
  for (const block of blocks) {
    const prev = out[out.length - 1];
    if (block.kind === "text" && prev?.kind === "text")
      out[out.length - 1] = { kind: "text", text: `${prev.text}\n\n${block.text}` };
    else out.push(block);
  }
  return out;
}

function planBlocks(context: Context, fallback: boolean): DemoBlock[] {
  const last = context.messages[context.messages.length - 1];
  const tour = readTour(context.messages);
  if (last?.role === "user" && isTodoReminder(last)) {
    // Answered once by finishing the plan (restarting the tour would loop on reminders).
    if (!hasTool(context, "todo_write")) return [closing()];
    return [
      {
        kind: "text",
        text:
          "That was the worker's **todo reminder**: the plan still had unfinished tasks. " +
          "This is a demo, so I mark it done.",
      },
      plan(["completed", "completed", "completed"]),
    ];
  }
  if (last?.role === "user") {
    if (tour.started) {
      const blocks = intro(context, fallback);
      return blocks.some((b) => b.kind === "tool")
        ? blocks
        : [...blocks, { kind: "text", text: "(No tools are available, so the demo stops here.)" }, closing()];
    }
    const said = `You said: “${quote(messageText(last))}”.`;
    if (!tour.inTour)
      return [
        {
          kind: "text",
          text:
            `${said} I am the offline demo model, so I can only give scripted answers. ` +
            "Ask for the **tour** to see it again.",
        },
      ];
    return [
      { kind: "text", text: `${said} Got it — a real model would take that into account now. The tour continues.` },
      ...nextStep(context, tour.done, true),
    ];
  }
  const next = nextStep(context, tour.done, false);
  if (last?.role === "toolResult" && (last.toolName === "ls" || last.toolName === "read")) {
    const entries = messageText(last)
      .split("\n")
      .filter((line) => line.trim().length > 0).length;
    return [{ kind: "text", text: `I can see ${entries} entries.` }, ...next];
  }
  return next;
}
