// Controller: the user's intents, composed. The editor's keys (editor-keys.ts) change the store
// themselves; what talks to the worker (intents/submit.ts, run-intents.ts, setting-intents.ts)
// or leaves the app (intents/app-intents.ts) is here, with the dialog answers. The only place
// (with run.tsx) that performs effects.
import type { UiResponse } from "../bridge/index.js";
import type { TuiConnection } from "./session/tui-connection.js";
import { createEditorKeys, type EditorKeys, type Intents } from "./input/editor-keys.js";
import { type AppHooks, createAppIntents } from "./intents/app-intents.js";
import { createImageAttach } from "./images/image-attach.js";
import { createIntentContext, describeError, type IntentContext } from "./intents/intent-context.js";
import { createReviewIntents } from "./intents/review-intents.js";
import { createRunIntents } from "./intents/run-intents.js";
import { createSettingIntents } from "./intents/setting-intents.js";
import { createSubmit, type SubmitMode } from "./intents/submit.js";
import { createTakeControl } from "./intents/take-control.js";
import { BUILTIN_COMMANDS, findCommand, type SlashCommand, type SlashContext } from "./slash/slash-registry.js";
import type { Store } from "./state/store.js";

export type ControllerOptions = AppHooks & {
  store: Store;
  connection: TuiConnection;
  /** Extra slash commands (src/tui/slash); they take precedence over built-ins with the same name. */
  slashCommands?: SlashCommand[];
  /** Keeps each sent prompt in this project's history (prompt-history.ts). */
  recordPrompt?: (text: string) => void;
  now?: () => number;
  /** Where an `@path` or a dropped file's relative path starts (default: this process's directory). */
  cwd?: string;
  /** A prompt a crash cut off, sent again (SubmitOptions.answerInterrupted). */
  answerInterrupted?: (text: string) => Promise<boolean>;
};

export type Controller = EditorKeys & {
  /** Send the editor text: "auto" = prompt when idle, steer while busy; "follow_up" queues. */
  submit(mode: SubmitMode): Promise<void>;
  abort(): Promise<void>;
  answerDialog(id: string, response: UiResponse): void;
  /** $VISUAL/$EDITOR on an editor dialog's text (Ctrl+G there); undefined where there is none. */
  editExternally: ((text: string) => Promise<string | undefined>) | undefined;
  /** Copy `text`; resolves with one line saying what was done with `what`. */
  copy(text: string, what: string): Promise<string>;
  /** Slash commands known to the controller (for help / completion). */
  commands(): readonly SlashCommand[];
};

/** The external editor for editor dialogs; a failure to start it is said, and the dialog stays. */
function editExternally(ctx: IntentContext, open: AppHooks["openExternalEditor"]): Controller["editExternally"] {
  if (!open) return undefined;
  return async (text) => {
    try {
      return await open(text);
    } catch (error) {
      ctx.toast(`The external editor failed: ${describeError(error)}`, "warning");
      return undefined;
    }
  };
}

export function createController(options: ControllerOptions): Controller {
  const { store, connection } = options;
  const ctx = createIntentContext(store, connection, options.now ?? (() => Date.now()));
  const commands: SlashCommand[] = [...(options.slashCommands ?? []), ...BUILTIN_COMMANDS];
  const slashContext: SlashContext = {
    store,
    connection,
    exit: options.exit,
    setEditorText: ctx.setEditorText,
    notice: ctx.notice,
  };
  const images = createImageAttach({ ...ctx, cwd: options.cwd ?? process.cwd() });
  const submit = createSubmit(ctx, {
    commands,
    slashContext,
    images,
    ...(options.recordPrompt ? { recordPrompt: options.recordPrompt } : {}),
    ...(options.answerInterrupted ? { answerInterrupted: options.answerInterrupted } : {}),
  });
  const runIntents = createRunIntents(ctx);
  const settings = createSettingIntents(ctx, commands, slashContext);
  const app = createAppIntents(ctx, options);
  const review = createReviewIntents(ctx, commands, slashContext, runIntents.abort);
  const takeControl = createTakeControl(ctx);
  const intents: Intents = {
    submit: () => void submit("auto"),
    follow_up: () => void submit("follow_up"),
    abort: () => void runIntents.abort(),
    pull_queue: () => void runIntents.pullQueue(),
    clear_or_exit: app.clearOrExit,
    exit_or_delete: app.exitOrDelete,
    detach: app.detach,
    take_control: () => void takeControl(),
    cycle_thinking: () => void settings.cycleThinking(),
    cycle_model: () => void settings.cycleModel(),
    select_model: () => void settings.selectModel(),
    external_editor: () => void app.externalEditor(),
    suspend: app.suspend,
    review_changes: () => void review.reviewChanges(),
    rewind: () => void review.rewind(),
    paste_image: () => void images.pasteClipboard(),
    // The key and /fleet are one feature: the key runs the command (tui/fleet/fleet-command.ts).
    open_fleet: () => void findCommand(commands, "fleet")?.run("", slashContext),
  };
  return {
    ...createEditorKeys(store, intents, {
      pasteEnded: images.pasteEnded,
      completed: () => void images.attachAtPaths("complete"),
    }),
    submit,
    abort: runIntents.abort,
    answerDialog(id, response) {
      connection.respondToUi(id, response);
      store.dispatch({ type: "dialog_closed", id });
    },
    editExternally: editExternally(ctx, options.openExternalEditor),
    copy: app.copy,
    commands: () => commands,
  };
}
