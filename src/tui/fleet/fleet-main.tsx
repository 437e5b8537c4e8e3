// `agent-tui fleet`: the fleet view on its own, full screen (the alternate screen), with the
// attention signals; Enter runs `agent-tui attach ID` in this terminal and comes back to the
// list when it ends. `--plain` prints the list and the open questions as lines instead.
import { spawnSync } from "node:child_process";
import { useEffect, useState } from "react";
import { render } from "ink";
import { visibleLine, type FleetRow, type FleetSource } from "../../bridge/index.js";
import type { FleetCli } from "../app/cli.js";
import { chooseInkWriter, inkWriterRenderOptions, installInkWriter } from "../ink/ink-writer-switch.js";
import { KeymapProvider } from "../input/keymap-context.js";
import { KeyRouterRoot } from "../input/use-keys.js";
import { loadKeyBindings } from "../settings/keybindings-file.js";
import { tuiHome } from "../settings/settings-file.js";
import { createInitialState } from "../state/initial-state.js";
import { createStore } from "../state/store.js";
import { StoreContext } from "../state/use-store.js";
import { ALT_SCREEN_ENTER, ALT_SCREEN_LEAVE } from "../terminal/terminal.js";
import { titleSequence } from "../terminal/terminal.js";
import type { FleetHostUi } from "./fleet-effects.js";
import { printPlainFleet } from "./fleet-plain.js";
import { FleetScreen, FLEET_SCOPE } from "./fleet-screen.js";
import { readFleetSettings } from "./fleet-settings.js";
import { attachArgs, startFleet } from "./fleet-setup.js";
import { startFleetSignals } from "./fleet-signals.js";

function useTerminalSize(out: NodeJS.WriteStream): { columns: number; rows: number } {
  const read = () => ({ columns: out.columns || 80, rows: out.rows || 24 });
  const [size, setSize] = useState(read);
  useEffect(() => {
    const onResize = (): void => setSize(read());
    out.on("resize", onResize);
    return () => void out.off("resize", onResize);
  });
  return size;
}

type Listen = (fn: (text: string) => void) => () => void;
/** Where a problem found while following goes now (runFleet: stderr, then the screen's status row). */
type Warnings = { say(text: string): void };

/** The attention notices, for the view's status row. */
function noticeChannel(): { say(text: string): void; listen: Listen } {
  const listeners = new Set<(text: string) => void>();
  return {
    say: (text) => {
      for (const fn of listeners) fn(text);
    },
    listen: (fn) => {
      listeners.add(fn);
      return () => void listeners.delete(fn);
    },
  };
}

function FleetApp(props: { source: FleetSource; host: FleetHostUi; out: NodeJS.WriteStream; notices: Listen }) {
  const size = useTerminalSize(props.out);
  return (
    <FleetScreen
      source={props.source}
      host={props.host}
      width={size.columns - 1}
      height={size.rows - 1}
      notices={props.notices}
    />
  );
}

/** The store the key router reads: the fleet view owns the keyboard (the overlay scope). */
function fleetStore(out: NodeJS.WriteStream) {
  const store = createStore(createInitialState(out.columns || 80, out.rows || 24));
  store.dispatch({ type: "overlay", name: FLEET_SCOPE });
  return store;
}

export async function runFleet(cli: FleetCli): Promise<number> {
  const settings = readFleetSettings(process.env);
  const toStderr = (text: string): void => void process.stderr.write(`agent-tui fleet: ${visibleLine(text)}\n`);
  for (const p of settings.problems) toStderr(p);
  // Found while following (a fallback and why): on stderr, or the status row once the screen shows.
  const warnings: Warnings = { say: toStderr };
  const source = startFleet(cli.workerCommand, settings, { onWarning: (text) => warnings.say(text) });
  try {
    if (cli.plain) {
      const code = await printPlainFleet(source, (text) => process.stdout.write(text), {
        once: cli.once,
        until: endOfInput(),
      });
      process.stdin.destroy(); // read only to learn when it ends: it must not keep the process
      return code;
    }
    if (!process.stdin.isTTY || !process.stdout.isTTY) {
      process.stderr.write("agent-tui fleet: needs an interactive terminal (or --plain)\n");
      return 2;
    }
    // The frames send only the rows that changed (ink/): four streaming sessions redraw two rows
    // each, not the whole screen.
    await installInkWriter(chooseInkWriter(process.env));
    return await fullScreen(source, settings.notifications, warnings);
  } finally {
    source.stop();
  }
}

/** Settles when the plain list should stop following: its input ended, or Ctrl+C or SIGTERM. */
function endOfInput(): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => resolve();
    process.stdin.once("end", done).once("close", done).once("error", done).resume();
    process.once("SIGINT", done).once("SIGTERM", done);
  });
}

function fullScreen(
  source: FleetSource,
  style: ReturnType<typeof readFleetSettings>["notifications"],
  warnings: Warnings,
): Promise<number> {
  const out = process.stdout;
  const notices = noticeChannel();
  // keybindings.json's fleet.* entries: problems found at start go to stderr (read once the
  // screen is left), later ones to the status row.
  let shown = false;
  const keys = loadKeyBindings(tuiHome(process.env), (r) =>
    shown
      ? notices.say(r.text)
      : process.stderr.write(
          r.text
            .split("\n")
            .map((l) => `agent-tui fleet: ${visibleLine(l)}\n`)
            .join(""),
        ),
  );
  return new Promise((resolve) => {
    let ink: ReturnType<typeof render> | undefined;
    const leave = (): void => {
      ink?.unmount();
      ink = undefined;
      out.write(ALT_SCREEN_LEAVE);
      process.stdin.setRawMode(false);
    };
    const show = (): void => {
      process.stdin.setRawMode(true);
      out.write(ALT_SCREEN_ENTER);
      ink = render(
        <StoreContext.Provider value={fleetStore(out)}>
          <KeymapProvider source={keys}>
            <KeyRouterRoot overlays>
              <FleetApp source={source} host={host} out={out} notices={notices.listen} />
            </KeyRouterRoot>
          </KeymapProvider>
        </StoreContext.Provider>,
        {
          stdout: out,
          exitOnCtrlC: false,
          patchConsole: false,
          ...inkWriterRenderOptions(chooseInkWriter(process.env)),
        },
      );
    };
    const host: FleetHostUi = {
      cwd: process.cwd(),
      close() {
        stopSignals();
        keys.close();
        leave();
        resolve(0);
      },
      open(row: FleetRow) {
        // The attached TUI has the terminal until it ends; then the list comes back.
        leave();
        spawnSync(process.execPath, [process.argv[1] ?? "", ...attachArgs(source, row.host, row.id)], {
          stdio: "inherit",
        });
        show();
        return Promise.resolve(undefined);
      },
    };
    const stopSignals = startFleetSignals({
      source,
      style,
      write: (data) => out.write(data),
      notice: (text) => notices.say(text),
      waiting: (count) => out.write(titleSequence(count > 0 ? `agent-tui · ${count} waiting` : "agent-tui · fleet")),
      watchingSince: performance.timeOrigin,
    });
    show();
    shown = true;
    warnings.say = notices.say;
  });
}
