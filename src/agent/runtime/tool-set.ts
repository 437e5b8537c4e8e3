// The tools offered to the model: the built-in coding tools (loaded on first need, so their
// schema library stays off the startup path) plus the tools hooks provide (todo_write, host
// tools, extension tools), deduplicated by name with the hooks' winning.

import type { AgentTool } from "@mariozechner/pi-agent-core";
import type { HookRegistry } from "./hooks.js";

/** Built-in tools loaded on demand: their names are known up front (reserved for host tools). */
export interface LazyTools {
  names: readonly string[];
  load: () => Promise<AgentTool[]>;
}

export class ToolSet {
  private base: AgentTool[];
  private lazy: LazyTools | undefined;
  private loading: Promise<void> | undefined;
  /** pi.setActiveTools: only these names are offered to the model; undefined = all. */
  private enabled: Set<string> | undefined;

  constructor(
    private readonly hooks: HookRegistry,
    base: AgentTool[] = [],
    lazy?: LazyTools,
  ) {
    this.base = base;
    this.lazy = lazy;
  }

  /** Replace the built-in tools (drops a pending lazy set). */
  set(tools: AgentTool[]): void {
    this.base = tools;
    this.lazy = undefined;
  }

  /** Load the lazy built-ins and let hooks build theirs; called before every run starts. */
  async prepare(): Promise<void> {
    const lazy = this.lazy;
    if (lazy) {
      this.loading ??= lazy.load().then((tools) => {
        // A set() while loading wins over the loaded tools.
        if (this.lazy === lazy) {
          this.base = tools;
          this.lazy = undefined;
        }
      });
      await this.loading;
    }
    await this.hooks.prepareTools();
  }

  /** Tools for the next run (built-ins not loaded yet are absent: prepare() first). */
  active(): AgentTool[] {
    const byName = new Map<string, AgentTool>();
    for (const tool of [...this.base, ...this.hooks.tools()]) byName.set(tool.name, tool);
    const enabled = this.enabled;
    return [...byName.values()].filter((tool) => !enabled || enabled.has(tool.name));
  }

  /** Every loaded tool, active or not (pi.getAllTools); built-ins not loaded yet are absent. */
  all(): { tool: AgentTool; builtin: boolean }[] {
    const byName = new Map<string, { tool: AgentTool; builtin: boolean }>();
    for (const tool of this.base) byName.set(tool.name, { tool, builtin: true });
    for (const tool of this.hooks.tools()) byName.set(tool.name, { tool, builtin: false });
    return [...byName.values()];
  }

  /** Restrict the offered tools to these names (unknown names are ignored). */
  setEnabled(names: readonly string[]): void {
    const known = new Set(this.names());
    this.enabled = new Set(names.filter((name) => known.has(name)));
  }

  /** Names offered to the model (pi.getActiveTools), built-ins not loaded yet included. */
  enabledNames(): string[] {
    const enabled = this.enabled;
    return this.names().filter((name) => !enabled || enabled.has(name));
  }

  /** Every tool name in use, including built-ins not loaded yet. */
  names(): string[] {
    return [
      ...new Set([...(this.lazy?.names ?? []), ...this.base.map((tool) => tool.name), ...this.hooks.toolNames()]),
    ];
  }
}
