// /help: the slash commands this worker can run right now (built-ins it supports plus its own
// extension commands, prompt templates and skills), with descriptions. Keys are in /hotkeys.
import type { SlashCommand } from "./slash-registry.js";
import type { SlashSuggestion } from "./completion.js";

export function helpLines(all: readonly SlashSuggestion[]): string[] {
  const width = Math.min(24, Math.max(8, ...all.map((s) => s.name.length + 1)));
  const row = (s: SlashSuggestion): string => `  ${`/${s.name}`.padEnd(width)} ${s.description}`;
  const builtin = all.filter((s) => s.source === "builtin");
  const worker = all.filter((s) => s.source !== "builtin");
  return [
    "Commands:",
    ...builtin.map(row),
    ...(worker.length > 0
      ? ["", "From the worker (extensions, prompt templates, skills):", ...worker.map((s) => `${row(s)} (${s.source})`)]
      : []),
    "",
    "!cmd runs a shell command, @path completes a file (Tab), /hotkeys lists the keys.",
  ];
}

export function helpCommand(list: () => readonly SlashSuggestion[]): SlashCommand {
  return {
    name: "help",
    aliases: ["commands"],
    description: "list the slash commands",
    run: (_args, ctx) => ctx.notice(helpLines(list()).join("\n")),
  };
}
