// Crash recovery as the user sees it: remembers the prompt of the run in flight; when the
// worker dies, keeps it and closes pickers; after the supervisor restarted and rehydrated, says
// so in one line and offers it back in the editor (Enter resends: one key, never automatic); when the
// restart budget is spent, says what to do. The notice with code, signal and the redacted
// stderr tail comes from the core reducer (worker_status). A resent prompt that the reopened
// session already ends with, unanswered or in the middle of its run's tools, is answered where
// it stands (`continue`, where the worker has it) instead of being added a second time.
import type { AgentMessage, BridgeNotice, ClientEvent, ClientMessage, WorkerExitInfo } from "../../bridge/index.js";
import { quoteMessage } from "../render/preview.js";
import type { SlashCommand } from "../slash/slash-registry.js";
import { promptText } from "../state/history.js";
import type { Store } from "../state/store.js";

export type RecoveryOptions = {
  store: Store;
  /** Close any open picker (its data belonged to the dead worker). */
  closeOverlays?: () => void;
  /** Called after a restart rehydrated the session (refresh worker commands, history). */
  onRehydrated?: (messageCount: number) => void;
  /**
   * Asking the worker to answer the conversation as it stands, adding no message (our agent's
   * `continue`): whether the worker has it now, and the request.
   */
  continuing?: { supported(): boolean; run(): Promise<void> };
};

export type Recovery = {
  /** Feed every batch of bridge notices (connection.subscribe). */
  handle(batch: readonly BridgeNotice[]): void;
  /** The prompt cut off by the last crash, until it is resent or dropped. */
  interrupted(): string | undefined;
  /** Forget the interrupted prompt (after a resend). */
  clear(): void;
  /**
   * Sending `text`, when it is the interrupted prompt and the reopened session ends with it
   * unanswered or inside its run's tools: asks the worker for its answer without adding it
   * again, and says true. False: send it as any prompt (another text, an answered one, or a
   * worker without `continue`).
   */
  answerInterrupted(text: string): Promise<boolean>;
  /**
   * A session just opened (-c, --session, /resume) whose conversation is `messages`' tail: when
   * it ends with a prompt never answered, or inside its run's tools (its worker died there), and
   * the worker can continue, say so and let /resend ask for the answer.
   */
  openedSession(messages: readonly AgentMessage[]): void;
};

function userText(message: ClientMessage): string | undefined {
  if (message.role !== "user") return undefined;
  return message.blocks.map((b) => (b.type === "text" ? b.text : "")).join("");
}

/**
 * Does the conversation end inside the run of the user's `text`, with nothing answered since:
 * the prompt itself last, or a tool round of its run (a tool result the model never answered,
 * or tool calls that never got their results: the worker died while they ran)? `continue`
 * picks the run up there.
 */
function endsUnanswered(messages: readonly AgentMessage[], text: string): boolean {
  const last = messages.at(-1);
  const inToolRound = last?.role === "toolResult" || (last?.role === "assistant" && last.stopReason === "toolUse");
  if (last?.role !== "user" && !inToolRound) return false;
  const prompt = messages.findLast((m) => m.role === "user");
  return prompt?.role === "user" && promptText(prompt.content) === text;
}

export function createRecovery(options: RecoveryOptions): Recovery {
  return new CrashRecovery(options);
}

const GIVE_UP = [
  "The transcript stays here to read. Type /restart to try again, or /quit to leave.",
  "If it keeps failing, run the worker command by hand to see its error, or check the provider settings.",
];

class CrashRecovery implements Recovery {
  /** The prompt of the run in progress (cleared when the run ends). */
  private inFlight: string | undefined;
  /** The prompt the last crash cut off, until it is resent or dropped. */
  private cutOff: string | undefined;
  /** A worker ran once: a later failure is a crash, not a failed start. */
  private everRunning = false;
  /** The reopened session ends inside `cutOff`'s run, unanswered: sending it again would add a copy. */
  private cutOffSaved = false;

  constructor(private readonly options: RecoveryOptions) {}

  interrupted(): string | undefined {
    return this.cutOff;
  }

  clear(): void {
    this.cutOff = undefined;
    this.cutOffSaved = false;
  }

  openedSession(messages: readonly AgentMessage[]): void {
    const prompt = messages.findLast((m) => m.role === "user");
    const text = prompt?.role === "user" ? promptText(prompt.content) : undefined;
    if (text === undefined || text.trim() === "" || this.options.continuing?.supported() !== true) return;
    if (!endsUnanswered(messages, text)) return;
    this.cutOff = text;
    this.cutOffSaved = true;
    this.notice(
      "info",
      messages.at(-1)?.role === "user"
        ? `This session ends with a prompt that was never answered, ${quoteMessage(text)}: /resend asks for its answer.`
        : `This session ends in the middle of the answer to ${quoteMessage(text)}: /resend continues it.`,
    );
  }

  async answerInterrupted(text: string): Promise<boolean> {
    const { continuing } = this.options;
    if (!this.cutOffSaved || text !== this.cutOff || continuing?.supported() !== true) return false;
    this.clear();
    // No user message starts this run: it is the interrupted prompt's, should it be cut off again.
    this.inFlight = text;
    try {
      await continuing.run();
    } catch (error) {
      // Refused (the worker went away again, a run started meanwhile): the offer stands, to try again.
      this.inFlight = undefined;
      this.cutOff = text;
      this.cutOffSaved = true;
      throw error;
    }
    return true;
  }

  handle(batch: readonly BridgeNotice[]): void {
    for (const n of batch) {
      if (n.kind === "event") this.onEvent(n.event);
      else if (n.kind === "supervisor") this.onSupervisor(n);
      else if (n.kind === "rehydrated") {
        this.cutOffSaved = this.cutOff !== undefined && endsUnanswered(n.messages, this.cutOff);
        this.onRehydrated(n.messages.length);
      }
    }
  }

  private notice(level: "info" | "warning" | "error", text: string): void {
    this.options.store.dispatch({ type: "notice", level, text });
  }

  private onEvent(e: ClientEvent): void {
    if (e.type === "message_start") {
      const t = userText(e.message);
      if (t !== undefined && t.trim() !== "") {
        this.inFlight = t;
        this.clear(); // a new run started: the offer is over
      }
    } else if ((e.type === "agent_end" && e.willRetry !== true) || e.type === "agent_settled") {
      this.inFlight = undefined;
    }
  }

  private onSupervisor(n: Extract<BridgeNotice, { kind: "supervisor" }>): void {
    if (n.state === "running") this.everRunning = true;
    else if (n.state === "exited" && !n.info?.intentional) this.onCrash();
    // The exit that led here was reported before (the store keeps the last one).
    else if (n.state === "failed") this.onGiveUp(n.info ?? this.options.store.getState().worker.lastExit);
  }

  private onCrash(): void {
    this.options.closeOverlays?.();
    if (this.inFlight === undefined) return;
    // The death and the lost answer are said by the crash notice (reducer.ts); the prompt is
    // offered back once the session is reopened, never resent by itself.
    this.cutOff = this.inFlight;
    this.inFlight = undefined;
  }

  private onGiveUp(exit: WorkerExitInfo | undefined): void {
    const how = exit ? ` (last exit: code ${exit.code ?? "none"}, signal ${exit.signal ?? "none"})` : "";
    if (!this.everRunning) {
      // Start-up failures (a bad flag, a missing binary) are not crashes: nothing to retry blindly.
      this.notice(
        "error",
        `The worker did not start${how}. Its error is shown above: ` +
          "fix the command or its flags and start agent-tui again. /quit leaves.",
      );
      return;
    }
    this.notice(
      "error",
      [`The worker keeps stopping${how} and will not be restarted automatically.`, ...GIVE_UP].join("\n"),
    );
  }

  /** One line for the restart: what was reopened, and where the interrupted prompt is. */
  private onRehydrated(count: number): void {
    const { store } = this.options;
    const reopened = `Restarted from the saved session (${count} message${count === 1 ? "" : "s"})`;
    this.options.onRehydrated?.(count);
    if (this.cutOff === undefined) {
      this.notice("info", `${reopened}.`);
    } else if (store.getState().editor.text === "") {
      store.dispatch({ type: "editor", op: { op: "set", text: this.cutOff, keepUndo: true } });
      // Said as it will happen: answered where the session left it (continue), or sent again.
      const enter = this.cutOffSaved ? "Enter asks for its answer where the session left it" : "Enter sends it again";
      this.notice(
        "info",
        `${reopened}; the interrupted prompt is back in the editor: ${enter}, Ctrl+C clears the editor.`,
      );
    } else if (this.cutOffSaved) {
      this.notice(
        "info",
        `${reopened}; /resend asks for the answer to ${quoteMessage(this.cutOff)} where the session left it.`,
      );
    } else {
      this.notice("info", `${reopened}; /resend sends the interrupted prompt ${quoteMessage(this.cutOff)} again.`);
    }
  }
}

/** /resend: send the interrupted prompt again (when the editor was not empty to offer it). */
export function resendCommand(recovery: Recovery): SlashCommand {
  return {
    name: "resend",
    description: "send the prompt a crash interrupted again",
    async run(_args, ctx) {
      const text = recovery.interrupted();
      if (text === undefined) {
        ctx.notice("No prompt was interrupted.");
        return;
      }
      if (await recovery.answerInterrupted(text)) return;
      recovery.clear();
      await ctx.connection.rpc.prompt(text);
    },
  };
}
