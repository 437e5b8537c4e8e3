// Entry point of the extension system for the worker: discovers and loads extensions, templates
// and skills, registers the built-ins, and exposes the runtime hooks and the UI-response route.
// main.ts wires it with one call: `hooks.add((await setupExtensions({...})).hooks)`.
import { isObject } from "../../protocol/decode/result.js";
import type { AgentMessage, AgentTool } from "@mariozechner/pi-agent-core";
import type { ImageContent, TextContent } from "@mariozechner/pi-ai";
import type {
  CommandInfo,
  ExtensionOrigin,
  SessionBeforeCompactEvent,
  SessionCompactEvent,
  ToolResultPatch,
} from "./api.js";
import { createDemoUi, DEMO_UI_PATH } from "./builtin/demo-ui.js";
import { createPermissionGate, type GateMode, PERMISSION_GATE_PATH } from "./builtin/permission-gate.js";
import { ExtensionHost } from "./host.js";
import { discoverExtensions, isProjectTrusted, loadExtensionModules } from "./loader.js";
import { expandSlashInput, loadSlashResources, resourceCommands, type SlashResources } from "./resources.js";
import type { HostRuntime } from "./runtime-port.js";
import type { CustomMessage } from "../session/types.js";

export { ExtensionHost } from "./host.js";
export type { HostRuntime } from "./runtime-port.js";
export type { CommandInfo } from "./api.js";

export interface SetupExtensionsOptions {
  cwd: string;
  /** $AGENT_TUI_HOME. */
  home: string | undefined;
  /** `-e/--extension` values. */
  cliPaths: readonly string[];
  /** The user's settings.json object (trust, permissionGate, permissionGateTimeoutMs). */
  settings: unknown;
  /** Protocol writer for extension_ui_request / extension_error frames. */
  emit: (frame: { type: string } & Record<string, unknown>) => void;
  /** stderr lines (load failures, untrusted project extensions). */
  warn: (message: string) => void;
  /** Flag/env overrides from the CLI; undefined = decide from settings. */
  permissionGate?: GateSetting;
  trustProject?: boolean;
  /**
   * Register the /demo-ui command: a demo, not one of the user's commands, so only in demo mode
   * (the demo provider, which `agent-tui --demo` picks) or when AGENT_TUI_DEMO_UI=1 asks for it.
   */
  demo?: boolean;
  runtime?: HostRuntime;
  newId?: () => string;
  /** Fire session_start {reason:"startup"} right after setup (default true). */
  startSession?: boolean;
}

export interface ToolResultInfo {
  toolCallId: string;
  toolName: string;
  args: unknown;
  result: { content: (TextContent | ImageContent)[]; details: unknown };
  isError: boolean;
}

/**
 * The hook set handed to the runtime's HookRegistry. Declared here structurally (it matches
 * runtime/hooks.ts RuntimeHooks) so this module does not depend on the runtime's files.
 */
export interface ExtensionHooks {
  beforeToolCall(
    call: { toolCallId: string; toolName: string; args: unknown },
    signal?: AbortSignal,
  ): Promise<{ block?: boolean; reason?: string } | undefined>;
  onEvent(event: { type: string; [field: string]: unknown }): void;
  /** tool_result for pi-agent-core's afterToolCall: handlers may patch content/details/isError. */
  afterToolCall(call: ToolResultInfo): Promise<ToolResultPatch | undefined>;
  expandInput(text: string, mode?: string): string;
  beforeAgentStart(input: {
    prompt: string;
    images?: ImageContent[];
    systemPrompt: string;
  }): Promise<{ messages: CustomMessage[]; systemPrompt?: string } | undefined>;
  runCommand(text: string): Promise<boolean>;
  isCommand(text: string): boolean;
  tools(): AgentTool[];
  /** pi's `context` event: a replacement message list for one LLM request. */
  transformContext(messages: AgentMessage[]): Promise<AgentMessage[] | undefined>;
  beforeCompact(preview: Omit<SessionBeforeCompactEvent, "type">): Promise<boolean>;
  afterCompact(event: Omit<SessionCompactEvent, "type">): Promise<void>;
  onShutdown(): Promise<void>;
}

export interface ExtensionSystem {
  host: ExtensionHost;
  resources: SlashResources;
  /** The hook set for the runtime's HookRegistry. */
  hooks: ExtensionHooks;
  /** get_commands: extensions, then templates, then skills (pi's order). */
  listCommands(): CommandInfo[];
  /** Route a stdin `extension_ui_response` frame here (docs/protocol.md §1.2). */
  handleUiResponse(frame: unknown): boolean;
  /**
   * Session replacement, in pi's order. new_session / switch_session: `beforeSwitch` (true =
   * cancelled: answer `{cancelled:true}` and change nothing); fork / clone: `beforeFork`. Then, before
   * replacing, `willReplace` (pending dialogs resolve to defaults with cancel frames, docs/protocol.md §2.8, then
   * session_shutdown), and after it `replaced` (session_start with the reason).
   */
  session: {
    beforeSwitch(reason: "new" | "resume", targetSessionFile?: string): Promise<boolean>;
    beforeFork(entryId: string, position: "before" | "at"): Promise<boolean>;
    willReplace(reason: "new" | "resume" | "fork", targetSessionFile?: string): Promise<void>;
    replaced(reason: "new" | "resume" | "fork", previousSessionFile?: string): Promise<void>;
  };
}

let active: ExtensionSystem | undefined;

/** The system set up by the last setupExtensions call (for get_commands and the stdin router). */
export function activeExtensionSystem(): ExtensionSystem | undefined {
  return active;
}

/** Routes a stdin `extension_ui_response` to the active bridge; false when nothing was waiting for it. */
export function routeUiResponse(frame: unknown): boolean {
  return active?.handleUiResponse(frame) ?? false;
}

function settingValue(settings: unknown, key: string): unknown {
  if (typeof settings !== "object" || settings === null) return undefined;
  return (settings as Record<string, unknown>)[key];
}

function settingNumber(settings: unknown, key: string): number | undefined {
  if (typeof settings !== "object" || settings === null) return undefined;
  const value = (settings as Record<string, unknown>)[key];
  return typeof value === "number" && value > 0 ? value : undefined;
}

/** The permission gate's setting: off, on (risky calls) or "edits" (also every edit and write). */
export type GateSetting = boolean | "edits";

/** A settings.json or environment value as the gate's setting; undefined when it is neither. */
export function gateSetting(value: unknown): GateSetting | undefined {
  if (typeof value === "boolean") return value;
  if (typeof value === "string" && value.toLowerCase() === "edits") return "edits";
  return undefined;
}

/** AGENT_TUI_PERMISSION_GATE (1/0 or "edits") forces the gate's setting whatever settings.json says. */
export function permissionGateOverride(): GateSetting | undefined {
  const value = process.env["AGENT_TUI_PERMISSION_GATE"];
  return gateSetting(value) ?? envFlag("AGENT_TUI_PERMISSION_GATE");
}

function gateMode(setting: GateSetting): GateMode {
  if (setting === "edits") return "edits";
  return setting ? "risky" : "off";
}

function envFlag(name: string): boolean | undefined {
  const value = process.env[name];
  if (value === undefined || value === "") return undefined;
  return /^(1|true|yes|on)$/i.test(value);
}

/** The built-in extensions this configuration turns on (the permission gate, the demo UI). */
function builtinExtensions(
  options: SetupExtensionsOptions,
): { origin: ExtensionOrigin; factory: ReturnType<typeof createDemoUi> }[] {
  const builtins: { origin: ExtensionOrigin; factory: ReturnType<typeof createDemoUi> }[] = [];
  // Always loaded, switched by the setting at each call: /settings can turn it on mid-session.
  // The flag and the environment variable win over settings.json.
  const fixed = options.permissionGate ?? permissionGateOverride();
  const mode = (): GateMode =>
    gateMode(fixed ?? gateSetting(settingValue(options.settings, "permissionGate")) ?? false);
  const timeoutMs = settingNumber(options.settings, "permissionGateTimeoutMs");
  builtins.push({
    origin: { path: PERMISSION_GATE_PATH, source: "builtin", scope: "temporary" },
    factory: createPermissionGate({ timeoutMs, mode }),
  });
  if (options.demo ?? envFlag("AGENT_TUI_DEMO_UI") ?? false) {
    builtins.push({ origin: { path: DEMO_UI_PATH, source: "builtin", scope: "temporary" }, factory: createDemoUi() });
  }
  return builtins;
}

/** Find, load and register the user's extensions, then the built-ins; problems become warnings. */
async function registerExtensions(host: ExtensionHost, options: SetupExtensionsOptions): Promise<void> {
  const trusted = isProjectTrusted(
    options.settings,
    options.cwd,
    options.trustProject ?? envFlag("AGENT_TUI_TRUST_PROJECT"),
  );
  const discovery = discoverExtensions({
    cliPaths: options.cliPaths,
    home: options.home,
    cwd: options.cwd,
    projectTrusted: trusted,
  });
  for (const path of discovery.missing) options.warn(`extension not found: ${path}`);
  if (discovery.untrusted.length > 0) {
    options.warn(
      `project extensions skipped (project not trusted; set "trustProjectExtensions": true ` +
        `or list this directory in "trustedProjects" in $AGENT_TUI_HOME/settings.json):\n` +
        discovery.untrusted.map((p) => `  ${p}`).join("\n"),
    );
  }
  const { loaded, failed } = await loadExtensionModules(discovery.found);
  for (const failure of failed) options.warn(`extension ${failure.origin.path} failed to load: ${failure.error}`);
  // User extensions first (their commands win plain names), built-ins after.
  for (const { origin, factory } of [...loaded, ...builtinExtensions(options)]) {
    try {
      await host.register(origin, factory);
    } catch (error) {
      options.warn(
        `extension ${origin.path} failed during setup: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}

/** What the runtime asks the extensions at each step of a prompt, a run and a compaction. */
function extensionHooks(host: ExtensionHost, resources: SlashResources): ExtensionHooks {
  const expand = (text: string): string =>
    expandSlashInput(text, resources, (path, event, message) => host.emitError(path, event, message));
  // pi's order for prompt: extension command, then the `input` event, then skill/template expansion.
  // The runtime calls runCommand then expandInput with the same text, so a transform made by an
  // input handler in runCommand is kept (keyed by the typed text) for the expandInput that follows.
  const transformed = new Map<string, string>();
  return {
    beforeToolCall: (call, signal) => host.beforeToolCall(call, signal),
    onEvent: (event) => host.observe(event),
    afterToolCall: (call) =>
      host.afterToolCall({
        toolCallId: call.toolCallId,
        toolName: call.toolName,
        input: isObject(call.args) ? call.args : {},
        content: call.result.content,
        details: call.result.details,
        isError: call.isError,
      }),
    expandInput: (text, mode) => {
      const source = mode === "prompt" ? (transformed.get(text) ?? text) : text;
      transformed.delete(text);
      return expand(source);
    },
    runCommand: async (text) => {
      if (await host.runCommand(text)) return true;
      const input = await host.emitInput(text);
      if (input.action === "handled") return true;
      if (input.action === "transform") transformed.set(text, input.text);
      return false;
    },
    beforeAgentStart: async (input) => {
      const result = await host.beforeAgentStart(input);
      if (!result) return undefined;
      const messages = result.messages.map(
        (m): CustomMessage => ({
          role: "custom",
          customType: m.customType,
          content: m.content,
          display: m.display ?? true,
          timestamp: Date.now(),
          ...(m.details !== undefined ? { details: m.details } : {}),
        }),
      );
      return result.systemPrompt === undefined ? { messages } : { messages, systemPrompt: result.systemPrompt };
    },
    isCommand: (text) => host.isCommand(text),
    tools: () => host.getTools(),
    transformContext: (messages) => host.emitContext(messages),
    beforeCompact: (preview) => host.beforeCompact(preview),
    afterCompact: (event) => host.afterCompact(event),
    onShutdown: () => host.sessionShutdown({ reason: "quit" }),
  };
}

export async function setupExtensions(options: SetupExtensionsOptions): Promise<ExtensionSystem> {
  const host = new ExtensionHost({
    cwd: options.cwd,
    emit: options.emit,
    runtime: options.runtime,
    newId: options.newId,
  });
  await registerExtensions(host, options);
  const resources = loadSlashResources({ home: options.home, cwd: options.cwd }, options.warn);
  const listCommands = (): CommandInfo[] => [...host.extensionCommands(), ...resourceCommands(resources)];
  host.setCommandLister(listCommands);
  const system: ExtensionSystem = {
    host,
    resources,
    hooks: extensionHooks(host, resources),
    listCommands,
    handleUiResponse: (frame) => host.bridge.handleUiResponse(frame),
    session: {
      beforeSwitch: (reason, targetSessionFile) =>
        host.beforeSessionSwitch(targetSessionFile === undefined ? { reason } : { reason, targetSessionFile }),
      beforeFork: (entryId, position) => host.beforeSessionFork({ entryId, position }),
      willReplace: (reason, targetSessionFile) =>
        host.sessionShutdown(targetSessionFile === undefined ? { reason } : { reason, targetSessionFile }),
      replaced: (reason, previousSessionFile) =>
        host.sessionStart(previousSessionFile === undefined ? { reason } : { reason, previousSessionFile }),
    },
  };
  active = system;
  if (options.startSession ?? true) {
    // session_start runs on the next turn of the event loop: after the caller has written the
    // ready frame (which must be first on stdout) and before the first stdin command is read.
    setImmediate(() => void host.sessionStart({ reason: "startup" }));
  }
  return system;
}
