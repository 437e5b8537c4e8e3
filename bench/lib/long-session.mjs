// A long working day as a session file in pi's v3 format (session files are shared by pi and
// agent-rpc): messages in groups of four — a prompt, a short answer with a bash or read tool
// call, the tool's output, an answer with a list and a code block — about 20 transcript lines a
// message. The last answer carries a mark a bench can wait for on the first screen.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const LAST_MARK = "LAST-ANSWER-MARK";

const usage = (input, output) => ({
  input,
  output,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: input + output,
  cost: {
    input: input * 3e-6,
    output: output * 15e-6,
    cacheRead: 0,
    cacheWrite: 0,
    total: input * 3e-6 + output * 15e-6,
  },
});

function answerText(n, last) {
  const code = Array.from(
    { length: 16 },
    (_, k) => `  const part${k} = normalise(input, ${k}); // step ${n}, part ${k}`,
  );
  return [
    `Here is what I found for step ${n}. The function **step${n}** reads the *input*, normalises it and \`doubles\` it; see the [docs](https://example.com/${n}).`,
    "",
    `- it reads \`src/step${n}.ts\` and its tests`,
    "- it validates the input before anything else",
    "- it returns the doubled value, or the value minus 100 past the limit",
    "",
    "```ts",
    `export function step${n}(input: number): number {`,
    ...code,
    "  const doubled = input * 2;",
    "  if (doubled > 100) {",
    "    return doubled - 100;",
    "  }",
    "  return doubled;",
    "}",
    "```",
    "",
    `The tests for step ${n} cover both branches. I changed nothing yet; say if you want the limit moved.`,
    "",
    last ? `That is all. ${LAST_MARK}` : `Done with step ${n}.`,
  ].join("\n");
}

function toolOutput(n, bash) {
  return Array.from({ length: 45 }, (_, k) =>
    bash
      ? `src/step${n}.ts:${k + 1}:  const value${k} = step${n}(${k}); // checked by test ${k}`
      : `${String(k + 1).padStart(4)}  line ${k + 1} of src/step${n}.ts: return normalise(input, ${k});`,
  ).join("\n");
}

/** What a long-day session says: its id, and the text of each kind of message of step `n`. */
export const LONG_DAY_TEXTS = {
  id: "bench-long-day-0001",
  prompt: (n) => `Step ${n}: please look at src/step${n}.ts\nand explain what it does.`,
  grepLimit: 40,
  toolOutput,
  answer: answerText,
};

/**
 * The lines of a session of `count` messages in groups of four (prompt, text + bash or read
 * call, the tool's output, the answer), with `texts` (LONG_DAY_TEXTS' shape) saying what each
 * one holds; `transcriptLines`: lines of text they hold.
 */
export function longSessionLines(count, cwd, texts = LONG_DAY_TEXTS) {
  let id = 0;
  const nextId = () => (id++).toString(16).padStart(8, "0");
  const t0 = Date.now() - count * 1000;
  const lines = [
    JSON.stringify({ type: "session", version: 3, id: texts.id, timestamp: new Date(t0).toISOString(), cwd }),
  ];
  let parentId = null;
  let transcriptLines = 0;
  const push = (message, i) => {
    const entryId = nextId();
    const stamp = t0 + i * 1000;
    lines.push(
      JSON.stringify({
        type: "message",
        id: entryId,
        parentId,
        timestamp: new Date(stamp).toISOString(),
        message: { ...message, timestamp: stamp },
      }),
    );
    parentId = entryId;
    for (const part of message.content)
      transcriptLines += (part.text ?? JSON.stringify(part.arguments ?? "")).split("\n").length;
  };
  const assistant = (content, stopReason) => ({
    role: "assistant",
    content,
    api: "openai-completions",
    provider: "fake",
    model: "fake-model",
    usage: usage(1200, 150),
    stopReason,
  });
  for (let i = 0; i < count; i += 1) {
    const n = Math.floor(i / 4) + 1;
    const callId = `call_${n}`;
    const bash = n % 2 === 0;
    switch (i % 4) {
      case 0:
        push({ role: "user", content: [{ type: "text", text: texts.prompt(n) }] }, i);
        break;
      case 1: {
        const call = {
          type: "toolCall",
          id: callId,
          name: bash ? "bash" : "read",
          arguments: bash
            ? { command: `grep -n step${n} -r src | head -${texts.grepLimit}` }
            : { path: `src/step${n}.ts` },
        };
        push(assistant([{ type: "text", text: `Let me look at step ${n}.` }, call], "toolUse"), i);
        break;
      }
      case 2:
        push(
          {
            role: "toolResult",
            toolCallId: callId,
            toolName: bash ? "bash" : "read",
            content: [{ type: "text", text: texts.toolOutput(n, bash) }],
            isError: false,
          },
          i,
        );
        break;
      default:
        push(assistant([{ type: "text", text: texts.answer(n, i >= count - 4) }], "stop"), i);
    }
  }
  // A session that does not end on an answer still shows the mark: put it on a last message.
  if (count % 4 !== 0)
    push(assistant([{ type: "text", text: texts.answer(Math.floor(count / 4) + 1, true) }], "stop"), count);
  return { lines, messages: lines.length - 1, transcriptLines };
}

/**
 * Writes the session where both pi and agent-rpc look for `cwd`'s sessions under `agentDir`
 * (`-c` opens the newest there). Returns the file, its message and transcript line counts.
 */
export function writeLongSession(agentDir, cwd, count) {
  const slug = `--${cwd.replace(/^[/\\]/, "").replace(/[/\\:]/g, "-")}--`;
  const dir = join(agentDir, "sessions", slug);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}_bench-long-day-0001.jsonl`);
  const { lines, messages, transcriptLines } = longSessionLines(count, cwd);
  const text = `${lines.join("\n")}\n`;
  writeFileSync(file, text);
  // restore(): put the file back as written (a run that prompted on it appended to it).
  return { file, messages, transcriptLines, bytes: Buffer.byteLength(text), restore: () => writeFileSync(file, text) };
}
