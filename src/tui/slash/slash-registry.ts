// Slash-command and `!cmd` hooks: a small registry the controller consults before sending a
// prompt. Built-ins here are minimal (/quit, /hotkeys); src/tui/slash adds the rest via
// `createController({ slashCommands })` without touching the controller.
import { DEFAULT_KEYMAP } from "../input/keymap.js";
import { hotkeysText } from "./hotkeys-text.js";
import type { Store } from "../state/store.js";
import type { TuiConnection } from "../session/tui-connection.js";

export type SlashContext = {
  store: Store;
  connection: TuiConnection;
  /** Leave the app (restores the terminal). */
  exit(): void;
  /** Put text in the editor (e.g. /fork). */
  setEditorText(text: string): void;
  /** Show an informational block in the transcript. */
  notice(text: string, level?: "info" | "warning" | "error"): void;
};

export type SlashCommand = {
  name: string;
  description: string;
  /** Aliases without the slash. */
  aliases?: string[];
  run(args: string, ctx: SlashContext): void | Promise<void>;
};

export const BUILTIN_COMMANDS: SlashCommand[] = [
  { name: "quit", aliases: ["exit", "q"], description: "exit agent-tui", run: (_a, ctx) => ctx.exit() },
  {
    name: "vim",
    description: "vim keys in the prompt editor on or off (the setting keeps it on: /settings)",
    run: (_a, ctx) => {
      const on = ctx.store.getState().vim === undefined;
      ctx.store.dispatch({ type: "vim", op: { op: "enable", on } });
      ctx.notice(on ? "Vim mode on: INSERT now, esc for NORMAL; /hotkeys lists its keys." : "Vim mode off.");
    },
  },
  {
    name: "hotkeys",
    aliases: ["keys", "help"],
    description: "show the keyboard shortcuts",
    run: (_a, ctx) => ctx.notice(hotkeysText(DEFAULT_KEYMAP, undefined, ctx.store.getState().vim !== undefined)),
  },
];

/** Parse "/name args" -> [name, args], or undefined when `text` is not a slash command. */
export function parseSlash(text: string): { name: string; args: string } | undefined {
  const m = /^\/([A-Za-z0-9_:.-]+)(?:\s+([\s\S]*))?$/.exec(text.trim());
  if (!m?.[1]) return undefined;
  return { name: m[1], args: (m[2] ?? "").trim() };
}

export function findCommand(commands: readonly SlashCommand[], name: string): SlashCommand | undefined {
  const lower = name.toLowerCase();
  return commands.find((c) => c.name === lower || (c.aliases ?? []).includes(lower));
}
