// Worker side of the extension UI sub-protocol (docs/protocol.md §7): turns ctx.ui calls into
// extension_ui_request frames, matches extension_ui_response frames to pending dialogs, and
// resolves dialogs to their defaults on timeout, abort, session replacement or shutdown.
import { randomUUID } from "node:crypto";
import type { DialogOptions, ExtensionUi, NotifyType, PlainTheme, WidgetOptions } from "./api.js";

/** The stdout frames this bridge writes (field order mirrors pi's, undefined keys omitted). */
export type UiRequestFrame = { type: "extension_ui_request"; id: string; method: string } & Record<string, unknown>;

type DialogMethod = "select" | "confirm" | "input" | "editor";

interface PendingDialog {
  method: DialogMethod;
  settle: (response: DialogAnswer) => void;
}

/** A decoded answer: the client's value, or "default" (cancelled, timed out, mismatched, withdrawn). */
type DialogAnswer = { kind: "value"; value: string } | { kind: "confirmed"; confirmed: boolean } | { kind: "default" };

export interface UiBridgeOptions {
  /** Writes one frame to the protocol writer. */
  emit: (frame: UiRequestFrame) => void;
  /** Id source (tests make it deterministic); fresh UUIDs by default, as pi. */
  newId?: () => string;
}

export interface UiBridge {
  ui: ExtensionUi;
  /**
   * ctx.ui for a context bound to an abort signal (a tool call's, a run's): its dialogs close when
   * the signal fires, so an abort never waits on an unanswered dialog.
   */
  uiFor(signal: AbortSignal | undefined): ExtensionUi;
  /** Routes a docs/protocol.md §1.2 `extension_ui_response` frame. Returns whether it settled a pending dialog. */
  handleUiResponse(frame: unknown): boolean;
  /** Resolves every pending dialog to its default and withdraws it (cancel frame). */
  cancelAll(): void;
  /** Shutdown: cancelAll, and later dialogs resolve to their defaults at once, without frames. */
  close(): void;
  /** Ids of dialogs waiting for an answer, oldest first. */
  pendingIds(): string[];
}

const plainTheme: PlainTheme = {
  fg: (_color, text) => text,
  bg: (_color, text) => text,
  bold: (text) => text,
  italic: (text) => text,
  underline: (text) => text,
  strikethrough: (text) => text,
  inverse: (text) => text,
};

function noop(): void {
  // Degraded in RPC mode (docs/protocol.md §7.5): there is no terminal to act on.
}

/** Drops keys whose value is undefined, so frames never carry them (traces fact 9). */
function compact(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) out[key] = value;
  return out;
}

/** AbortSignal.any where available (Node ≥ 20.3); a small equivalent otherwise. */
function anySignal(a: AbortSignal, b: AbortSignal): AbortSignal {
  if (typeof AbortSignal.any === "function") return AbortSignal.any([a, b]);
  const controller = new AbortController();
  const abort = (): void => controller.abort();
  if (a.aborted || b.aborted) abort();
  a.addEventListener("abort", abort, { once: true });
  b.addEventListener("abort", abort, { once: true });
  return controller.signal;
}

function decodeAnswer(frame: Record<string, unknown>): DialogAnswer {
  if (frame.cancelled === true) return { kind: "default" };
  if (typeof frame.value === "string") return { kind: "value", value: frame.value };
  if (typeof frame.confirmed === "boolean") return { kind: "confirmed", confirmed: frame.confirmed };
  return { kind: "default" };
}

type Send = (method: string, fields: Record<string, unknown>) => string;
type Dialog = (
  method: DialogMethod,
  fields: Record<string, unknown>,
  opts: DialogOptions | undefined,
) => Promise<DialogAnswer>;

/** ctx.ui as RPC mode offers it: dialogs round-trip, fire-and-forget calls become frames, the rest is inert. */
function rpcUi(send: Send, dialog: Dialog): ExtensionUi {
  return {
    async select(title, choices, opts) {
      const answer = await dialog("select", { title, options: choices, diff: opts?.diff }, opts);
      // A value that is not one of the options is treated as no answer: permission gates act on it.
      return answer.kind === "value" && choices.includes(answer.value) ? answer.value : undefined;
    },
    async confirm(title, message, opts) {
      const answer = await dialog("confirm", { title, message }, opts);
      return answer.kind === "confirmed" ? answer.confirmed : false;
    },
    async input(title, placeholder, opts) {
      const answer = await dialog("input", { title, placeholder }, opts);
      return answer.kind === "value" ? answer.value : undefined;
    },
    async editor(title, prefill, opts) {
      const answer = await dialog("editor", { title, prefill }, opts);
      return answer.kind === "value" ? answer.value : undefined;
    },
    notify: (message: string, type?: NotifyType) => void send("notify", { message, notifyType: type }),
    setStatus: (key, text) => void send("setStatus", { statusKey: key, statusText: text }),
    setWidget(key, content, widgetOptions?: WidgetOptions) {
      // Component factories cannot cross the wire; only string arrays (or a clear) are sent.
      if (typeof content === "function") return;
      send("setWidget", { widgetKey: key, widgetLines: content, widgetPlacement: widgetOptions?.placement });
    },
    setTitle: (title) => void send("setTitle", { title }),
    setEditorText: (text) => void send("set_editor_text", { text }),
    pasteToEditor: (text) => void send("set_editor_text", { text }),
    ...INERT_UI,
  };
}

/** The parts of ctx.ui that need a terminal: degraded in RPC mode (docs/protocol.md §7.5). */
const INERT_UI = {
  getEditorText: () => "",
  custom: async <T>() => undefined as T | undefined,
  getToolsExpanded: () => false,
  setToolsExpanded: noop,
  setWorkingMessage: noop,
  setWorkingVisible: noop,
  setWorkingIndicator: noop,
  setHiddenThinkingLabel: noop,
  setFooter: noop,
  setHeader: noop,
  setEditorComponent: noop,
  getEditorComponent: () => undefined,
  onTerminalInput: () => noop,
  addAutocompleteProvider: noop,
  theme: plainTheme,
  getAllThemes: () => [],
  getTheme: () => undefined,
  setTheme: () => ({ success: false, error: "Theme switching not supported in RPC mode" }),
} satisfies Partial<ExtensionUi>;

const withSignal = (bound: AbortSignal, opts: DialogOptions | undefined): DialogOptions => ({
  ...opts,
  signal: opts?.signal ? anySignal(bound, opts.signal) : bound,
});

export function createUiBridge(options: UiBridgeOptions): UiBridge {
  return new RpcUiBridge(options);
}

class RpcUiBridge implements UiBridge {
  readonly ui: ExtensionUi;
  private readonly newId: () => string;
  private readonly pending = new Map<string, PendingDialog>();
  private closed = false;

  constructor(private readonly options: UiBridgeOptions) {
    this.newId = options.newId ?? randomUUID;
    this.ui = rpcUi(
      (method, fields) => this.send(method, fields),
      (method, fields, opts) => this.dialog(method, fields, opts),
    );
  }

  uiFor(signal?: AbortSignal): ExtensionUi {
    const ui = this.ui;
    if (!signal) return ui;
    return {
      ...ui,
      select: (title, choices, opts) => ui.select(title, choices, withSignal(signal, opts)),
      confirm: (title, message, opts) => ui.confirm(title, message, withSignal(signal, opts)),
      input: (title, placeholder, opts) => ui.input(title, placeholder, withSignal(signal, opts)),
      editor: (title, prefill, opts) => ui.editor(title, prefill, withSignal(signal, opts)),
    };
  }

  handleUiResponse(frame: unknown): boolean {
    if (typeof frame !== "object" || frame === null) return false;
    const record = frame as Record<string, unknown>;
    if (typeof record.id !== "string") return false;
    const dialogEntry = this.pending.get(record.id);
    // Unknown or already-resolved ids are ignored silently (docs/protocol.md §7.4).
    if (!dialogEntry) return false;
    const answer = decodeAnswer(record);
    // A mismatched shape (a value for a confirm, a boolean for a select) resolves to the default.
    const fits =
      answer.kind === "default" ||
      (answer.kind === "confirmed" && dialogEntry.method === "confirm") ||
      (answer.kind === "value" && dialogEntry.method !== "confirm");
    dialogEntry.settle(fits ? answer : { kind: "default" });
    return true;
  }

  cancelAll(): void {
    for (const id of [...this.pending.keys()]) {
      const entry = this.pending.get(id);
      if (!entry) continue;
      entry.settle({ kind: "default" });
      this.send("cancel", { targetId: id });
    }
  }

  close(): void {
    this.closed = true;
    this.cancelAll();
  }

  pendingIds(): string[] {
    return [...this.pending.keys()];
  }

  private send(method: string, fields: Record<string, unknown>): string {
    const id = this.newId();
    this.options.emit({ type: "extension_ui_request", id, method, ...compact(fields) });
    return id;
  }

  /**
   * Sends a dialog and waits for its answer. Timeout and abort resolve to the default and,
   * unlike pi, tell the client the dialog is gone with a `cancel` frame (ours, docs/protocol.md §7.4).
   */
  private dialog(
    method: DialogMethod,
    fields: Record<string, unknown>,
    opts: DialogOptions | undefined,
  ): Promise<DialogAnswer> {
    const signal = opts?.signal;
    if (this.closed || signal?.aborted) return Promise.resolve({ kind: "default" });
    const timeout = typeof opts?.timeout === "number" && opts.timeout > 0 ? opts.timeout : undefined;
    return new Promise<DialogAnswer>((resolve) => {
      const id = this.send(method, { ...fields, timeout });
      let timer: ReturnType<typeof setTimeout> | undefined;
      const onAbort = (): void => withdraw();
      const finish = (answer: DialogAnswer): void => {
        if (!this.pending.delete(id)) return;
        if (timer) clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        resolve(answer);
      };
      const withdraw = (): void => {
        if (!this.pending.has(id)) return;
        finish({ kind: "default" });
        this.send("cancel", { targetId: id });
      };
      this.pending.set(id, { method, settle: finish });
      if (timeout !== undefined) timer = setTimeout(withdraw, timeout);
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  }
}
