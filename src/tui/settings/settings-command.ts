// /settings: a menu over the settings (settings-table.ts) with their current values (the
// worker's, and agent-tui's own: thinking display, vim mode, colour theme). Enter on
// one opens its choices (whole numbers can also be typed); a choice is sent to the worker at
// once and saved, then the menu comes back with the new value, until Esc.
import type { SlashCommand, SlashContext } from "../slash/slash-registry.js";
import { toSessionSnapshot } from "../../bridge/index.js";
import type { PickerHost } from "../pickers/picker-host.js";
import { type PickerItem, type PickerState, reducePicker } from "../state/picker-state.js";
import { formatValue, SETTINGS, type SettingSpec, type SettingValue } from "./settings-table.js";
import { readTuiSettings, saveTuiSetting } from "./settings-file.js";
import { asThemeSetting, switchTheme, type ThemeStart } from "../terminal/theme-choice.js";
import { workerSupports } from "../state/worker-info.js";
import { formatCount } from "../state/format-count.js";

type Values = Record<string, SettingValue | undefined>;

/** Does this worker take set_setting/get_settings (the bundled agent)? */
function hasSettingsCommands(ctx: SlashContext): boolean {
  const s = ctx.store.getState();
  return workerSupports(s, "get_settings") && workerSupports(s, "set_setting");
}

/**
 * The values shown. A worker without get_settings (pi) reports some in get_state; one it does not
 * report (pi's auto-retry) shows what was set here, else that it is unknown.
 */
async function readValues(ctx: SlashContext, viaSettings: boolean, home: string, setHere: Values): Promise<Values> {
  const values: Values = {
    showThinking: ctx.store.getState().ui.showThinking,
    vim: ctx.store.getState().vim !== undefined,
    theme: asThemeSetting(readTuiSettings(home)["theme"]),
  };
  if (viaSettings) return { ...(await ctx.connection.rpc.getSettings()).settings, ...values };
  const state = await ctx.connection.rpc.getState();
  for (const s of SETTINGS) if (!s.local) values[s.key] = s.fromState?.(state) ?? setHere[s.key];
  return values;
}

/** The settings this worker can change: all it reports (ours), or those with a set_* command it has. */
function offered(ctx: SlashContext, viaSettings: boolean, values: Values): SettingSpec[] {
  const state = ctx.store.getState();
  return SETTINGS.filter(
    (s) =>
      s.local === true ||
      (viaSettings ? values[s.key] !== undefined : s.command !== undefined && workerSupports(state, s.command.type)),
  );
}

const idOf = (v: SettingValue): string => JSON.stringify(v);

function choiceItems(spec: SettingSpec, current: SettingValue | undefined, typed: string): PickerItem[] {
  const values = [...spec.choices];
  if (current !== undefined && !values.includes(current)) values.push(current);
  const items = values.map((v) => ({ id: idOf(v), label: formatValue(v), current: v === current }));
  const n = Number(typed);
  if (spec.integer && /^\d+$/.test(typed) && n >= spec.integer.min && n <= spec.integer.max && !values.includes(n)) {
    items.unshift({ id: idOf(n), label: `use ${typed}`, current: false });
  }
  return items;
}

async function chooseValue(
  pickers: PickerHost,
  spec: SettingSpec,
  current: SettingValue | undefined,
): Promise<SettingValue | undefined> {
  const range = spec.integer ? ` · or type a number ${spec.integer.min}–${formatCount(spec.integer.max)}` : "";
  const item = await pickers.open(`${spec.label}: ${spec.help}`, choiceItems(spec, current, ""), {
    hint: `↑↓ move · enter choose · esc back${range}`,
    onQuery: (s: PickerState) =>
      reducePicker(s, { op: "set_items", items: choiceItems(spec, current, s.query.trim()), keepSelection: false }),
  });
  return item ? (JSON.parse(item.id) as SettingValue) : undefined;
}

async function apply(
  ctx: SlashContext,
  spec: SettingSpec,
  value: SettingValue,
  viaSettings: boolean,
  { home, theme }: SettingsDeps,
): Promise<void> {
  if (spec.key === "theme") {
    saveTuiSetting(home, "theme", asThemeSetting(value));
    // The live region and everything printed from now on use it.
    ctx.store.dispatch({ type: "palette", palette: switchTheme(theme, asThemeSetting(value)) });
    return;
  }
  if (spec.key === "vim") {
    saveTuiSetting(home, "vim", value === true);
    ctx.store.dispatch({ type: "vim", op: { op: "enable", on: value === true } });
    return;
  }
  if (spec.local) {
    // Stored as pi's name for the same preference.
    saveTuiSetting(home, "hideThinkingBlock", value !== true);
    if (ctx.store.getState().ui.showThinking !== (value === true)) ctx.store.dispatch({ type: "toggle_thinking" });
    return;
  }
  const rpc = ctx.connection.rpc;
  if (spec.command && workerSupports(ctx.store.getState(), spec.command.type)) await spec.command.send(rpc, value);
  // set_thinking_level changes only this session on the bundled agent: save the default too.
  if (viaSettings && (!spec.command || spec.key === "defaultThinkingLevel")) await rpc.setSetting(spec.key, value);
  if (spec.key === "defaultThinkingLevel")
    ctx.store.dispatch({ type: "snapshot", snapshot: toSessionSnapshot(await rpc.getState()) });
}

/** `theme`: what start-up chose the palette from, for a theme chosen here. */
type SettingsDeps = { pickers: PickerHost; home: string; theme: ThemeStart };

export function settingsCommand(deps: SettingsDeps): SlashCommand {
  // What was set in this run, for the values the worker does not report back.
  const setHere: Values = {};
  return {
    name: "settings",
    description: "change settings: queue modes, thinking, compaction, retry, todo reminders…",
    async run(_args, ctx) {
      const viaSettings = hasSettingsCommands(ctx);
      let last: string | undefined;
      for (;;) {
        const values = await readValues(ctx, viaSettings, deps.home, setHere);
        const specs = offered(ctx, viaSettings, values);
        const items = specs.map((s) => ({
          id: s.key,
          label: s.label,
          detail: `${formatValue(values[s.key])} · ${s.help}`,
        }));
        const chosen = deps.pickers.open("Settings", items, { hint: "↑↓ move · enter change · esc close" });
        // Back from a change: the selection stays on the setting just changed.
        const back = items.findIndex((i) => i.id === last);
        for (let i = 0; i < back; i += 1) deps.pickers.apply({ op: "down" });
        const item = await chosen;
        const spec = specs.find((s) => s.key === item?.id);
        if (!spec) return;
        last = spec.key;
        const value = await chooseValue(deps.pickers, spec, values[spec.key]);
        if (value === undefined || value === values[spec.key]) continue;
        await apply(ctx, spec, value, viaSettings, deps);
        setHere[spec.key] = value;
        ctx.notice(`${spec.label}: ${formatValue(value)} (saved)`);
      }
    },
  };
}
