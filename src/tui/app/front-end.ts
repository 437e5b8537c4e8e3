// Which interface a command line asks for: the full-screen TUI, print mode (one prompt, the
// answer on stdout, for scripts) or plain mode (append-only lines, for screen readers and dumb
// terminals). The flags, their help text and the choice; main.ts dispatches on it.

export type PrintOptions = {
  /** `text`: the final answer; `json`: every normalised event as one JSON line. */
  output: "text" | "json";
  /** Render the answer's markdown for a terminal instead of printing it as it came. */
  render: boolean;
  /** How extension confirms are answered (`--yes` / `--no`); unset: their default, no. */
  confirms: "yes" | "no" | undefined;
};

export type FrontEnd = { kind: "tui" } | { kind: "print"; print: PrintOptions } | { kind: "plain" };

export const FRONT_END_FLAGS: Record<string, { type: "string" | "boolean"; shortFlag?: string }> = {
  print: { type: "boolean", shortFlag: "p" },
  mode: { type: "string" },
  render: { type: "boolean" },
  yes: { type: "boolean" },
  no: { type: "boolean" },
  plain: { type: "boolean" },
};

export const FRONT_END_HELP = `
  Scripts (print mode)
    -p, --print            run one prompt, print the final answer on stdout, exit
                           (the prompt: the arguments, piped stdin, @file contents);
                           exit 0 on success, 1 when the run fails, 130 on ctrl+c
    --mode json            print mode, writing every event as one JSON line
    --render               print mode: the answer rendered for a terminal
    --yes, --no            print mode: answer extension confirms yes / no (default no)

  Screen readers and dumb terminals (plain mode)
    --plain                one line per event, never redrawn: no cursor movement,
                           no spinner, no colour (also when TERM=dumb). Enter sends
                           (a steer while the agent works); /followup <text> queues,
                           /abort stops the run, /quit leaves; dialogs are numbered questions

  Colours
    "theme" in $AGENT_TUI_HOME/settings.json (or /settings inside): auto (follow the
    terminal's background), dark, light or mono; NO_COLOR turns colour off, FORCE_COLOR on.

  Examples
    $ agent-tui -p "summarise this in three lines" @README.md
    $ git diff | agent-tui -p "review this diff" > review.md
    $ agent-tui --plain
    $ NO_COLOR=1 agent-tui
`;

/** The interface `flags` (meow's, validated here) and the environment ask for. */
export function readFrontEnd(flags: Record<string, unknown>, env: NodeJS.ProcessEnv): FrontEnd {
  const mode = flags["mode"];
  if (mode !== undefined && mode !== "text" && mode !== "json")
    throw new Error(`--mode takes text or json, not ${JSON.stringify(mode)}`);
  if (flags["yes"] === true && flags["no"] === true) throw new Error("--yes and --no cannot both be given");
  if (flags["print"] === true || mode !== undefined) {
    return {
      kind: "print",
      print: {
        output: mode === "json" ? "json" : "text",
        render: flags["render"] === true,
        confirms: flags["yes"] === true ? "yes" : flags["no"] === true ? "no" : undefined,
      },
    };
  }
  for (const only of ["render", "yes", "no"]) {
    if (flags[only] === true) throw new Error(`--${only} belongs to print mode (-p)`);
  }
  if (flags["plain"] === true || env["TERM"] === "dumb") return { kind: "plain" };
  return { kind: "tui" };
}
