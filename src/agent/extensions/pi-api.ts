// Builds the `pi` object one extension receives (pi's ExtensionAPI subset) on top of the host's
// registries, plus the shared pi.events bus. Interactive-only registrations are accepted and ignored.
import { isObject } from "../../protocol/decode/result.js";
import type { AgentTool } from "@mariozechner/pi-agent-core";
import type {
  CommandInfo,
  CommandOptions,
  ExtensionAPI,
  ExtensionContext,
  ExtensionOrigin,
  ExtensionToolDefinition,
  ToolInfo,
} from "./api.js";
import type { HostRuntime } from "./runtime-port.js";
import { toAgentTool } from "./tool-adapter.js";

export interface ApiRegistry {
  cwd: string;
  runtime(): HostRuntime;
  addHandler(event: string, ext: ExtensionOrigin, fn: (event: never, ctx: ExtensionContext) => unknown): void;
  addCommand(name: string, ext: ExtensionOrigin, options: CommandOptions): void;
  /** Replaces a tool of the same name (pi: the last registration wins). */
  addTool(ext: ExtensionOrigin, tool: AgentTool): void;
  createContext(): ExtensionContext;
  emitError(extensionPath: string, event: string, error: unknown): void;
  listCommands(): CommandInfo[];
  listTools(): ToolInfo[];
}

export interface EventBus {
  forExtension(ext: ExtensionOrigin): ExtensionAPI["events"];
}

/** pi.events: a subscriber that throws is reported as extension_error and the others still run. */
export function createEventBus(emitError: ApiRegistry["emitError"]): EventBus {
  const channels = new Map<string, { ext: ExtensionOrigin; handler: (data: unknown) => void }[]>();
  return {
    forExtension: (ext) => ({
      emit: (channel, data) => {
        for (const { ext: subscriber, handler } of [...(channels.get(channel) ?? [])]) {
          try {
            handler(data);
          } catch (error) {
            emitError(subscriber.path, `events:${channel}`, error);
          }
        }
      },
      on: (channel, handler) => {
        const entry = { ext, handler };
        channels.set(channel, [...(channels.get(channel) ?? []), entry]);
        return () =>
          channels.set(
            channel,
            (channels.get(channel) ?? []).filter((e) => e !== entry),
          );
      },
    }),
  };
}

export function createExtensionApi(ext: ExtensionOrigin, registry: ApiRegistry, bus: EventBus): ExtensionAPI {
  const ignored = (): void => {
    // Interactive-only registrations (shortcuts, flags, renderers) have no meaning in RPC mode.
  };
  return {
    on: (event, fn) => {
      if (typeof fn !== "function") throw new TypeError(`pi.on("${event}"): handler must be a function`);
      registry.addHandler(event, ext, fn);
    },
    registerCommand: (name, options) => {
      if (typeof name !== "string" || !name || !isObject(options) || typeof options.handler !== "function") {
        throw new TypeError("pi.registerCommand(name, { handler }) needs a name and a handler function");
      }
      registry.addCommand(name.replace(/^\//, ""), ext, options);
    },
    registerTool: (definition: ExtensionToolDefinition) => {
      registry.addTool(
        ext,
        toAgentTool(definition, () => registry.createContext()),
      );
    },
    sendMessage: (message, options) => {
      const runtime = registry.runtime();
      if (!runtime.sendMessage) throw new Error("pi.sendMessage is not available in this worker");
      runtime.sendMessage(message, options ?? {});
    },
    sendUserMessage: (content, options) => {
      const runtime = registry.runtime();
      if (!runtime.sendUserMessage) throw new Error("pi.sendUserMessage is not available in this worker");
      const delivered = runtime.sendUserMessage(content, options ?? {});
      // Fire-and-forget for the extension (as pi); a failure is reported, never unhandled.
      void Promise.resolve(delivered).catch((error: unknown) =>
        registry.emitError(ext.path, "send_user_message", error),
      );
    },
    getCommands: () => registry.listCommands(),
    registerShortcut: ignored,
    registerFlag: ignored,
    getFlag: () => undefined,
    registerMessageRenderer: ignored,
    setSessionName: (name) => registry.runtime().setSessionName?.(name),
    getSessionName: () => registry.runtime().getSessionName?.(),
    appendEntry: (customType, data) => {
      const runtime = registry.runtime();
      if (!runtime.appendEntry) throw new Error("pi.appendEntry is not available in this worker");
      runtime.appendEntry(customType, data);
    },
    setLabel: (entryId, label) => {
      const runtime = registry.runtime();
      if (!runtime.setLabel) throw new Error("pi.setLabel is not available in this worker");
      runtime.setLabel(entryId, label);
    },
    getThinkingLevel: () => registry.runtime().getThinkingLevel?.() ?? "off",
    setThinkingLevel: (level) => registry.runtime().setThinkingLevel?.(level),
    getActiveTools: () => {
      const runtime = registry.runtime();
      return runtime.activeToolNames?.() ?? runtime.toolNames?.() ?? [];
    },
    getAllTools: () => registry.listTools(),
    setActiveTools: (names) => {
      if (!Array.isArray(names) || !names.every((name) => typeof name === "string"))
        throw new TypeError("pi.setActiveTools(names) needs an array of tool names");
      const runtime = registry.runtime();
      if (!runtime.setActiveTools) throw new Error("pi.setActiveTools is not available in this worker");
      runtime.setActiveTools(names);
    },
    setModel: async (model) => {
      if (!isObject(model) || typeof model.provider !== "string" || typeof model.id !== "string")
        throw new TypeError("pi.setModel(model) needs a model with provider and id");
      const runtime = registry.runtime();
      if (!runtime.setModel) throw new Error("pi.setModel is not available in this worker");
      return runtime.setModel(model.provider, model.id);
    },
    events: bus.forExtension(ext),
    // Loaded at first use: it brings child_process and the tool reaper, which starting does not need.
    exec: async (command, args, options) =>
      (await import("./exec.js")).execForExtension(command, args ?? [], registry.cwd, options),
  };
}
