// Sending the editor text: our own slash command, a `!command`, `prompt` when idle, `prompt`
// with `streamingBehavior` while busy. A message sent while the worker is (re)starting stays in
// the editor and goes out once it is ready; if it never gets ready the user is told why.
import { actionKey } from "../input/keymap.js";
import { findCommand, parseSlash, type SlashCommand, type SlashContext } from "../slash/slash-registry.js";
import type { ImageAttach } from "../images/image-attach.js";
import { chipImages } from "../state/image-chips.js";
import { unkeptChips } from "../state/history-images.js";
import { expandPastes } from "../state/paste.js";
import type { EditorState } from "../state/types.js";
import { watchingLive, workerStartingUp } from "../state/worker-info.js";
import { watchingHint } from "./take-control.js";
import { describeError, type IntentContext } from "./intent-context.js";

export type SubmitMode = "auto" | "follow_up";

export type SubmitOptions = {
  commands: readonly SlashCommand[];
  slashContext: SlashContext;
  /** Keeps each sent prompt in this project's history (prompt-history.ts). */
  recordPrompt?: (text: string) => void;
  /** Makes each `@path` of an image a chip before the prompt goes out (images/image-attach.ts). */
  images?: Pick<ImageAttach, "attachAtPaths">;
  /** A prompt a crash cut off, sent again: answered where the session has it (recovery.ts); true when it was. */
  answerInterrupted?: (text: string) => Promise<boolean>;
};

/** A message waiting for the worker to start; one at a time (the editor holds its text). */
type Held = { waiting: boolean };

async function runBash(ctx: IntentContext, command: string, excludeFromContext: boolean): Promise<void> {
  const { store } = ctx;
  store.dispatch({ type: "bash_started", command, now: ctx.now() });
  try {
    const r = await ctx.connection.rpc.bash(command, excludeFromContext ? { excludeFromContext } : undefined);
    store.dispatch({ type: "bash_finished", output: r.output, exitCode: r.exitCode, cancelled: r.cancelled });
  } catch (error) {
    store.dispatch({ type: "bash_finished", output: undefined, exitCode: undefined, cancelled: true });
    ctx.notice(`!${command} failed: ${describeError(error)}`, "error");
  }
}

/** The text and the images its chips stand for. */
type Outgoing = { text: string; editor: EditorState };

/** Prompt, steer or follow up; a refused send gives its text (and images) back unless something new was typed. */
async function sendPrompt(
  ctx: IntentContext,
  out: Outgoing,
  busy: boolean,
  mode: SubmitMode,
  answerInterrupted: SubmitOptions["answerInterrupted"],
): Promise<void> {
  const { text } = out;
  const images = chipImages(out.editor).map((i) => ({ type: "image" as const, data: i.data, mimeType: i.mimeType }));
  const withImages = images.length > 0 ? { images } : {};
  try {
    if (!busy && images.length === 0 && (await answerInterrupted?.(text))) return;
    if (!busy)
      await (images.length > 0 ? ctx.connection.rpc.prompt(text, { images }) : ctx.connection.rpc.prompt(text));
    // prompt + streamingBehavior is race-free: a worker that just went idle starts a run.
    else
      await ctx.connection.rpc.prompt(text, {
        streamingBehavior: mode === "follow_up" ? "followUp" : "steer",
        ...withImages,
      });
  } catch (error) {
    const what = busy ? (mode === "follow_up" ? "Follow-up" : "Steer") : "Prompt";
    // The worker's own words name its API ("Use --model or set_model"): say what to do here.
    const why = ctx.store.getState().footer.model === undefined ? noModelHelp() : describeError(error);
    ctx.notice(`${what} failed: ${why}`, "error");
    if (ctx.store.getState().editor.text !== "") return;
    if (images.length === 0) ctx.setEditorText(text);
    else ctx.store.dispatch({ type: "editor", op: { op: "set", text, keepUndo: true, images: out.editor.images } });
  }
}

/** Why a prompt with images is not sent to this model, and what to do. */
function noImageInput(model: string | undefined): string {
  return (
    `Not sent: ${model ?? "this model"} does not take images (its input is text only). Choose one that ` +
    "does with /model, or remove the image (Backspace after its chip). Your message is still in the editor."
  );
}

/** Why a prompt cannot go out without a model, in agent-tui's own commands and keys. */
export function noModelHelp(): string {
  return [
    `no model is selected. Choose one with /model or ${actionKey("select_model")}, ` +
      "or start agent-tui with --model provider/id.",
    "No models to choose from? Set an API key (e.g. ANTHROPIC_API_KEY, OPENAI_API_KEY) " +
      "or add a provider to models.json, then restart agent-tui.",
  ].join("\n");
}

export function createSubmit(ctx: IntentContext, o: SubmitOptions): (mode: SubmitMode) => Promise<void> {
  const { store } = ctx;
  const held: Held = { waiting: false };

  const holdUntilReady = (text: string, mode: SubmitMode): void => {
    ctx.toast(
      held.waiting
        ? "The worker is still starting; your message will be sent when it is ready"
        : "The worker is starting: your message stays here and is sent when it is ready",
    );
    if (held.waiting) return;
    held.waiting = true;
    // Supervisor changes reach the store as notices (worker_info): re-check on every store update.
    const off = store.subscribe(() => {
      if (workerStartingUp(store.getState())) return;
      off();
      held.waiting = false;
      const supervisor = store.getState().worker.supervisor;
      if (supervisor !== "running")
        ctx.notice(
          `Not sent: the worker did not start (${supervisor}). Your message is still in the editor.`,
          "warning",
        );
      else if (store.getState().editor.text !== text)
        ctx.notice("Not sent: the editor changed while the worker started. Press Enter to send it.");
      else void submit(mode);
    });
  };

  const runSlash = async (command: SlashCommand, name: string, args: string): Promise<void> => {
    try {
      await command.run(args, o.slashContext);
    } catch (error) {
      ctx.notice(`/${name} failed: ${describeError(error)}`, "error");
    }
  };

  const submit = async (mode: SubmitMode): Promise<void> => {
    // A `!command` is the shell's: an @path there is an argument, not an image.
    if (o.images && !store.getState().editor.text.startsWith("!") && !o.images.attachAtPaths()) return;
    const s = store.getState();
    // Big pastes are markers in the editor; what is sent (and remembered) is what was pasted.
    const text = expandPastes(s.editor.text, s.editor.pastes);
    if (text.trim() === "") return;
    // Our own slash commands run now; anything for the worker waits for it. An unknown one goes
    // to the worker, which may know it (extension commands, prompt templates, skills).
    const slash = parseSlash(text);
    const own = slash ? findCommand(o.commands, slash.name) : undefined;
    if (!own && workerStartingUp(s)) return holdUntilReady(text, mode);
    if (!own && s.footer.imageInput === false && chipImages(s.editor).length > 0)
      return ctx.notice(noImageInput(s.footer.model), "warning");
    // Only our own commands run while another terminal controls the session; the rest would be refused.
    if (!own && watchingLive(s)) return ctx.toast(watchingHint(), "warning");
    // This run's history keeps the images with the prompt; the file only says they were there.
    store.dispatch({ type: "editor", op: { op: "commit_history", text, images: s.editor.images } });
    o.recordPrompt?.(unkeptChips(text, s.editor.images));
    store.dispatch({ type: "editor", op: { op: "clear" } });
    if (own && slash) return runSlash(own, slash.name, slash.args);
    if (text.startsWith("!")) {
      const exclude = text.startsWith("!!");
      const command = text.slice(exclude ? 2 : 1).trim();
      if (command !== "") await runBash(ctx, command, exclude);
      return;
    }
    await sendPrompt(ctx, { text, editor: s.editor }, s.run.busy, mode, o.answerInterrupted);
  };
  return submit;
}
