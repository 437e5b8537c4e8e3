// What the fleet view's keys do on a dead worker's row: `x` dismisses it at once (no stop
// question: nothing runs) through `sessions --stop ID`, Enter says plainly when there is no
// session file to resume, and `p` shows the last lines of the worker's log.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { TEST_TMP } from "../../agent/helpers/isolated-tmp.js";
import type { FleetRow, FleetSource } from "../../../src/bridge/index.js";
import { DEFAULT_KEYMAP } from "../../../src/tui/input/keymap.js";
import { createFleetEffects } from "../../../src/tui/fleet/fleet-effects.js";
import { fleetKey } from "../../../src/tui/fleet/fleet-keys.js";
import { initialFleetView, type FleetViewAction, type FleetViewState } from "../../../src/tui/fleet/fleet-state.js";
import { inkKey } from "../helpers/ink-key.js";
import { row } from "./fleet-row.js";

const noKey = inkKey();

function deadRow(dir: string, extra: Partial<FleetRow> = {}): FleetRow {
  const log = join(dir, "w.log");
  writeFileSync(log, "starting\nworking on it\nFATAL: heap out of memory\n");
  return row("w-dead", "failed", {
    activity: "worker died (pid 77) · log",
    dead: { at: 5, reason: "worker died", log, sessionFile: undefined },
    ...extra,
  });
}

/** The effects over a source whose agent-rpc is `script` (it records its arguments in `argsFile`). */
function effects(dir: string) {
  const argsFile = join(dir, "args");
  const script = join(dir, "agent-rpc.mjs");
  writeFileSync(
    script,
    `import { writeFileSync } from "node:fs";\nwriteFileSync(${JSON.stringify(argsFile)}, JSON.stringify(process.argv.slice(2)));\n`,
  );
  const source = { reach: () => [process.execPath, script] } as unknown as FleetSource;
  const actions: FleetViewAction[] = [];
  const messages = (): string[] => actions.flatMap((a) => (a.type === "message" && a.text ? [a.text] : []));
  const opened: FleetRow[] = [];
  const host = { cwd: dir, close: () => undefined, open: async (r: FleetRow) => void opened.push(r) };
  const fx = createFleetEffects(source, host, (a) => actions.push(a));
  return { fx, actions, messages, opened, argsFile };
}

const viewOf = (rows: FleetRow[]): FleetViewState => ({ ...initialFleetView(), rows, loading: false });

describe("a dead worker's row in the fleet view", () => {
  it("is dismissed by x at once, with sessions --stop ID, and a live row still asks first", async () => {
    const dir = mkdtempSync(join(TEST_TMP, "fleet-dead-"));
    const e = effects(dir);
    fleetKey(viewOf([deadRow(dir)]), "x", noKey, 10, {
      dispatch: (a) => e.actions.push(a),
      fx: e.fx,
      keymap: DEFAULT_KEYMAP,
    });
    await vi.waitFor(() => expect(e.messages().some((m) => m.startsWith("Dismissed"))).toBe(true));
    expect(JSON.parse(readFileSync(e.argsFile, "utf8"))).toEqual(["sessions", "--stop", "w-dead"]);
    expect(e.messages()).toContain("Dismissed task w-dead; its session file and log, if any, were not touched.");
    expect(e.actions.some((a) => a.type === "mode" && a.mode.kind === "confirm_stop")).toBe(false);

    const live: FleetViewAction[] = [];
    fleetKey(viewOf([row("w-live", "idle")]), "x", noKey, 10, {
      dispatch: (a) => live.push(a),
      fx: e.fx,
      keymap: DEFAULT_KEYMAP,
    });
    expect(live).toEqual([{ type: "mode", mode: { kind: "confirm_stop", key: "\u0000w-live" } }]);
  });

  it("says it cannot be resumed without a session file, and peeks at the log's last lines", async () => {
    const dir = mkdtempSync(join(TEST_TMP, "fleet-dead-"));
    const e = effects(dir);
    const r = deadRow(dir);
    e.fx.open(r);
    await vi.waitFor(() => expect(e.messages()).not.toEqual([]));
    expect(e.messages()).toEqual(["task w-dead cannot be resumed: it had no session file. x dismisses its row."]);
    expect(e.opened).toEqual([]);

    e.fx.peek(r);
    const peek = e.actions.at(-1);
    expect(peek?.type === "mode" && peek.mode.kind === "peek" ? peek.mode.lines : undefined).toEqual([
      `worker died (pid 1); its log ${join(dir, "w.log")} ends:`,
      "starting",
      "working on it",
      "FATAL: heap out of memory",
    ]);
  });
});
