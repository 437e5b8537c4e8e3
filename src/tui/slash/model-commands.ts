// /model (fuzzy picker over get_available_models, or a direct pick when the argument matches
// one model) and /thinking (level picker, or the level given as argument).
import { toSessionSnapshot, type Model, type ThinkingLevel } from "../../bridge/index.js";
import type { SlashCommand } from "./slash-registry.js";
import { fuzzyFilter } from "../state/fuzzy.js";
import type { PickerItem } from "../state/picker-state.js";
import type { SlashDeps } from "./slash-deps.js";
import { workerSupports } from "../state/worker-info.js";

export const THINKING_LEVELS: readonly ThinkingLevel[] = ["off", "minimal", "low", "medium", "high", "xhigh"];

function asLevel(levels: readonly ThinkingLevel[], text: string): ThinkingLevel | undefined {
  return levels.find((l) => l === text);
}

function contextLabel(n: number): string {
  if (!n) return "";
  return n >= 1_000_000
    ? `${(n / 1_000_000).toFixed(n % 1_000_000 === 0 ? 0 : 1)}M ctx`
    : `${Math.round(n / 1000)}k ctx`;
}

export function modelItems(
  models: readonly Model[],
  current: { provider: string | undefined; name: string | undefined },
): PickerItem[] {
  return models.map((m) => ({
    id: `${m.provider}/${m.id}`,
    label: m.name && m.name !== m.id ? `${m.name}` : m.id,
    detail: [`${m.provider}/${m.id}`, contextLabel(m.contextWindow), m.reasoning ? "thinking" : ""]
      .filter((x) => x !== "")
      .join(" · "),
    current: m.provider === current.provider && (m.name === current.name || m.id === current.name),
  }));
}

export function modelCommands(deps: SlashDeps): SlashCommand[] {
  return [
    {
      name: "model",
      description: "choose the model (fuzzy search)",
      async run(args, ctx) {
        const { models } = await ctx.connection.rpc.getAvailableModels();
        if (models.length === 0) {
          ctx.notice(
            "No models are available. Set an API key (e.g. ANTHROPIC_API_KEY, OPENAI_API_KEY) " +
              "or add a provider to models.json.",
            "warning",
          );
          return;
        }
        const f = ctx.store.getState().footer;
        const items = modelItems(models, { provider: f.provider, name: f.model });
        const direct = args !== "" ? fuzzyFilter(items, args, (i) => `${i.id} ${i.label}`) : [];
        const exact = direct.find(
          (i) => i.id.toLowerCase() === args.toLowerCase() || i.id.toLowerCase().endsWith(`/${args.toLowerCase()}`),
        );
        const chosen = exact ?? (direct.length === 1 ? direct[0] : await openModelPicker(deps, items, args));
        if (!chosen) return;
        const slash = chosen.id.indexOf("/");
        await ctx.connection.rpc.setModel(chosen.id.slice(0, slash), chosen.id.slice(slash + 1));
        // A changed model is reported in the transcript by the snapshot (reducer).
        ctx.store.dispatch({ type: "snapshot", snapshot: toSessionSnapshot(await ctx.connection.rpc.getState()) });
      },
    },
    {
      name: "thinking",
      description: "set the thinking level (off … xhigh)",
      async run(args, ctx) {
        const rpc = ctx.connection.rpc;
        const supportsList = workerSupports(ctx.store.getState(), "get_available_thinking_levels");
        const levels: ThinkingLevel[] = supportsList
          ? (await rpc.getAvailableThinkingLevels()).levels
          : [...THINKING_LEVELS];
        let level = asLevel(levels, args.trim().toLowerCase());
        if (args.trim() === "") {
          const current = ctx.store.getState().footer.thinkingLevel;
          const item = await deps.pickers.open(
            "Thinking level",
            levels.map((l) => ({ id: l, label: l, current: l === current })),
          );
          level = item ? asLevel(levels, item.id) : undefined;
          if (!level) return;
        } else if (!level) {
          ctx.notice(`Unknown thinking level "${args.trim()}". Available: ${levels.join(", ")}`, "warning");
          return;
        }
        await rpc.setThinkingLevel(level);
        // A changed level is reported in the transcript by the snapshot or the worker's event.
        ctx.store.dispatch({ type: "snapshot", snapshot: toSessionSnapshot(await rpc.getState()) });
      },
    },
  ];
}

function openModelPicker(deps: SlashDeps, items: PickerItem[], query: string): Promise<PickerItem | undefined> {
  const p = deps.pickers.open("Model", items);
  if (query !== "") deps.pickers.apply({ op: "type", text: query });
  return p;
}
