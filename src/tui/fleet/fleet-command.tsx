// The fleet inside the full-screen TUI: `/fleet` (and ctrl+x, which runs it) opens the fleet view
// over everything, on the alternate screen like the transcript view; Enter switches this TUI to
// the session of the row (the one shown before keeps running, detached), on this machine or on
// a host of `fleet.hosts` through the same relay `agent-rpc attach` uses, over the host's
// transport. The fleet source runs for the TUI's whole life, so the attention signals reach
// the person whichever session the TUI shows (fleet-signals.ts).
import type React from "react";
import type { FleetRow, FleetSource, LiveSession } from "../../bridge/index.js";
import type { OverlayRenderer } from "../components/app.js";
import type { SlashCommand } from "../slash/slash-registry.js";
import type { Store } from "../state/store.js";
import { useTuiState } from "../state/use-store.js";
import { VIEW_FRAME_TAG } from "../transcript-view/screen-switch.js";
import type { AttachHow } from "../app/app-exits.js";
import type { FleetHostUi } from "./fleet-effects.js";
import { FleetScreen } from "./fleet-screen.js";
import { readFleetSettings } from "./fleet-settings.js";
import { startFleet } from "./fleet-setup.js";
import { switchTarget } from "./fleet-switch.js";
import { startFleetSignals } from "./fleet-signals.js";
import { ownSessionRow, withOwnSession } from "./own-session.js";

export const FLEET_OVERLAY = "fleet";

/**
 * The fleet inside the TUI follows the hosts from a second after start-up: the first screen comes
 * first (bench/tui-startup.mjs), and a session that waits is still announced within a second or two.
 */
const FOLLOW_AFTER_MS = 1000;

export type FleetFeature = { command: SlashCommand; overlay(next: OverlayRenderer): OverlayRenderer; stop(): void };

export type FleetFeatureOptions = {
  store: Store;
  workerCommand: readonly string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Writes straight to the terminal (the bell and the notification draw nothing). */
  write(data: string): void;
  /** Switch this TUI to a live session (`how.reach`: through a host's transport). */
  attach(session: LiveSession, how: AttachHow): Promise<void>;
  /** The live session this TUI shows (its own dialogs are on screen: not announced). */
  liveId(): string | undefined;
};

function asLiveSession(row: FleetRow): LiveSession {
  return {
    id: row.id,
    pid: row.pid,
    cwd: row.cwd,
    state: row.state === "needs_input" ? "waiting" : row.state === "working" ? "working" : "idle",
    since: row.since,
    startedAt: row.startedAt,
    attached: row.attached,
    sessionFile: undefined,
    sessionName: undefined,
    title: row.title,
  };
}

function FleetOverlay(props: { source: FleetSource; host: FleetHostUi }): React.ReactElement {
  const columns = useTuiState((s) => s.ui.columns);
  const rows = useTuiState((s) => s.ui.rows);
  return (
    <FleetScreen source={props.source} host={props.host} width={columns - 1} height={rows - 1} tag={VIEW_FRAME_TAG} />
  );
}

export function createFleetFeature(o: FleetFeatureOptions): FleetFeature {
  const settings = readFleetSettings(o.env);
  const warn = (text: string): void => o.store.dispatch({ type: "notice", level: "warning", text });
  // Found while following (a fallback and why): a warning, as the settings' problems are.
  const source = startFleet(o.workerCommand, settings, { startAfterMs: FOLLOW_AFTER_MS, onWarning: warn });
  const notice = (text: string): void => o.store.dispatch({ type: "notice", level: "info", text });
  // The host of the session shown ("" = this machine): a switch from the fleet may go to another.
  let shownHost = "";
  for (const p of settings.problems) warn(p);
  const stopSignals = startFleetSignals({
    source,
    style: settings.notifications,
    write: o.write,
    notice,
    waiting: (count) => o.store.dispatch({ type: "fleet_waiting", count }),
    // From this process's start: the fleet's first snapshot comes a second later (FOLLOW_AFTER_MS).
    watchingSince: performance.timeOrigin,
    shown: () => {
      const id = o.liveId();
      return id === undefined ? undefined : { host: shownHost, id };
    },
  });
  const close = (): void => o.store.dispatch({ type: "overlay", name: undefined });
  // The view lists this TUI's own session too when no registry does (its worker is not live).
  const startedAt = Date.now();
  const shown = withOwnSession(
    source,
    () => (o.liveId() === undefined ? ownSessionRow(o.store.getState(), startedAt) : undefined),
    (listener) => o.store.subscribe(listener),
  );
  const host: FleetHostUi = {
    cwd: o.cwd,
    close,
    async open(row) {
      if (row.host === shownHost && row.id === o.liveId()) {
        close();
        return undefined;
      }
      const target = switchTarget(o.liveId(), row, source);
      if ("refusal" in target) return target.refusal;
      close();
      await o.attach(asLiveSession(row), { reach: target.reach, leave: "detach", host: row.host });
      shownHost = row.host;
      return undefined;
    },
  };
  return {
    command: {
      name: "fleet",
      description: "every live session here and on your hosts, which need you first (ctrl+x)",
      run: () => o.store.dispatch({ type: "overlay", name: FLEET_OVERLAY }),
    },
    overlay: (next) => (name, props) =>
      name === FLEET_OVERLAY ? <FleetOverlay source={shown} host={host} /> : next(name, props),
    stop() {
      stopSignals();
      source.stop();
    },
  };
}
