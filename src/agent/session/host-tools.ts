// Host tools (docs/protocol.md §8): tools the client registers with set_host_tools and executes
// itself. Each call is a host_tool_call frame; the client answers with host_tool_update /
// host_tool_result frames, routed here by the rpc server via handleHostToolFrame.
import { isObject } from "../../protocol/decode/result.js";
import type { AgentTool, AgentToolResult, AgentToolUpdateCallback } from "@mariozechner/pi-agent-core";
import type { ImageContent, TextContent } from "@mariozechner/pi-ai";
import { toolParameters } from "../tools/json-schema.js";
import type { HostToolCallFrame, HostToolCancelFrame, RpcHostToolDefinition } from "../../protocol/types/host-tools.js";
import { jsonDepthExceeds } from "../../protocol/json-deep.js";

export const HOST_DISCONNECTED_MESSAGE = "RPC client disconnected before host tool execution completed";
/** A live worker with nobody attached: the host that would run the tool is not there. */
export const HOST_DETACHED_MESSAGE = "No client is attached to this live session, so host tools cannot run";

export class HostToolError extends Error {}

/**
 * How deep a host tool's parameters schema may nest (JSON levels). Real schemas stay far below;
 * one near the frame limit (1,000) was accepted and then made every call of the tool fail with
 * "Maximum call stack size exceeded" when its arguments were validated.
 */
export const MAX_SCHEMA_DEPTH = 100;

type Pending = {
  toolName: string;
  resolve: (result: AgentToolResult<unknown>) => void;
  reject: (error: Error) => void;
  onUpdate: AgentToolUpdateCallback<unknown> | undefined;
};

export type HostFrameOutcome = { kind: "handled" } | { kind: "ignored" } | { kind: "invalid"; error: string };

function decodeContent(value: unknown): (TextContent | ImageContent)[] {
  if (!Array.isArray(value)) return [];
  const blocks: (TextContent | ImageContent)[] = [];
  for (const block of value) {
    if (!isObject(block)) continue;
    if (block.type === "text" && typeof block.text === "string") blocks.push({ type: "text", text: block.text });
    else if (block.type === "image" && typeof block.data === "string" && typeof block.mimeType === "string") {
      blocks.push({ type: "image", data: block.data, mimeType: block.mimeType });
    }
  }
  return blocks;
}

function decodeResult(value: Record<string, unknown>): AgentToolResult<unknown> {
  return { content: decodeContent(value.content), details: value.details ?? {} };
}

/** Validate and normalise set_host_tools definitions (docs/protocol.md §8.1); throws HostToolError. */
export function normalizeHostTools(input: unknown, reserved: ReadonlySet<string>): RpcHostToolDefinition[] {
  if (!Array.isArray(input)) throw new HostToolError("Invalid host tools: tools must be an array");
  const seen = new Set<string>();
  return input.map((raw, index) => {
    const where = `tool ${index + 1}`;
    if (!isObject(raw)) throw new HostToolError(`Invalid host tools: ${where} must be an object`);
    const name = typeof raw.name === "string" ? raw.name.trim() : "";
    if (!name) throw new HostToolError(`Invalid host tools: ${where} needs a non-empty name`);
    const description = typeof raw.description === "string" ? raw.description.trim() : "";
    if (!description) throw new HostToolError(`Invalid host tools: ${where} (${name}) needs a non-empty description`);
    if (!isObject(raw.parameters)) {
      throw new HostToolError(`Invalid host tools: ${where} (${name}) parameters must be a JSON Schema object`);
    }
    if (jsonDepthExceeds(raw.parameters, MAX_SCHEMA_DEPTH)) {
      throw new HostToolError(
        `Invalid host tools: ${where} (${name}) parameters nest deeper than ${MAX_SCHEMA_DEPTH} levels`,
      );
    }
    if (raw.label !== undefined && typeof raw.label !== "string") {
      throw new HostToolError(`Invalid host tools: ${where} (${name}) label must be a string`);
    }
    if (reserved.has(name)) throw new HostToolError(`Host tool "${name}" conflicts with an existing tool`);
    if (seen.has(name)) throw new HostToolError(`Invalid host tools: duplicate name "${name}"`);
    seen.add(name);
    const label = typeof raw.label === "string" && raw.label.trim() ? raw.label.trim() : name;
    return { name, label, description, parameters: raw.parameters, hidden: raw.hidden === true };
  });
}

export type HostToolRegistryOptions = {
  /** Writes a frame to stdout (through the single ordered writer). */
  send: (frame: HostToolCallFrame | HostToolCancelFrame) => void;
  /** Names of built-in and extension tools, which host tools may not shadow. */
  reservedNames: () => Iterable<string>;
};

export class HostToolRegistry {
  private definitions: RpcHostToolDefinition[] = [];
  private readonly pending = new Map<string, Pending>();
  private callCounter = 0;
  private cancelCounter = 0;
  private disconnected = false;
  private detached = false;

  constructor(private readonly options: HostToolRegistryOptions) {}

  /** set_host_tools: replace the whole set; returns normalised names in request order. */
  setTools(input: unknown): string[] {
    this.definitions = normalizeHostTools(input, new Set(this.options.reservedNames()));
    return this.definitions.map((definition) => definition.name);
  }

  getDefinitions(): RpcHostToolDefinition[] {
    return this.definitions.map((definition) => ({ ...definition }));
  }

  /** AgentTools to offer the model; hidden tools are registered but not advertised. */
  tools(): AgentTool[] {
    return this.definitions
      .filter((definition) => !definition.hidden)
      .map((definition) => this.toAgentTool(definition));
  }

  get pendingCount(): number {
    return this.pending.size;
  }

  /** Route a host_tool_update / host_tool_result frame from stdin. */
  handleHostToolFrame(frame: unknown): HostFrameOutcome {
    if (!isObject(frame) || typeof frame.id !== "string") return { kind: "ignored" };
    if (frame.type === "host_tool_update") {
      if (!isObject(frame.partialResult) || !Array.isArray(frame.partialResult.content)) {
        return { kind: "invalid", error: "Invalid host tool frame: partialResult.content must be an array" };
      }
      const pending = this.pending.get(frame.id);
      if (!pending) return { kind: "ignored" };
      pending.onUpdate?.(decodeResult(frame.partialResult));
      return { kind: "handled" };
    }
    if (frame.type === "host_tool_result") {
      if (!isObject(frame.result) || !Array.isArray(frame.result.content)) {
        return { kind: "invalid", error: "Invalid host tool frame: result.content must be an array" };
      }
      const pending = this.pending.get(frame.id);
      if (!pending) return { kind: "ignored" };
      this.pending.delete(frame.id);
      const result = decodeResult(frame.result);
      if (frame.isError === true) {
        const text = result.content
          .filter((block): block is TextContent => block.type === "text")
          .map((block) => block.text)
          .join("\n");
        pending.reject(new Error(text || "Host tool execution failed"));
      } else {
        pending.resolve(result);
      }
      return { kind: "handled" };
    }
    return { kind: "ignored" };
  }

  /** stdin closed: fail every pending call and refuse new ones. */
  rejectAllDisconnected(): void {
    this.disconnected = true;
    for (const [id, pending] of this.pending) {
      this.pending.delete(id);
      pending.reject(new Error(HOST_DISCONNECTED_MESSAGE));
    }
  }

  /** Live worker: a client attached (calls are sent again) or left (pending calls fail, new ones too). */
  setAttached(attached: boolean): void {
    if (attached) {
      this.detached = false;
      return;
    }
    this.detached = true;
    for (const [id, pending] of this.pending) {
      this.pending.delete(id);
      pending.reject(new Error(HOST_DISCONNECTED_MESSAGE));
    }
  }

  private toAgentTool(definition: RpcHostToolDefinition): AgentTool {
    return {
      name: definition.name,
      label: definition.label ?? definition.name,
      description: definition.description,
      // A client JSON Schema; pi-ai validates plain JSON Schema objects as well as TypeBox ones.
      parameters: toolParameters(definition.parameters),
      execute: (toolCallId, params, signal, onUpdate) =>
        this.call(definition.name, toolCallId, isObject(params) ? params : {}, signal, onUpdate),
    };
  }

  private call(
    toolName: string,
    toolCallId: string,
    args: Record<string, unknown>,
    signal: AbortSignal | undefined,
    onUpdate: AgentToolUpdateCallback<unknown> | undefined,
  ): Promise<AgentToolResult<unknown>> {
    if (this.disconnected) return Promise.reject(new Error(HOST_DISCONNECTED_MESSAGE));
    if (this.detached) return Promise.reject(new Error(`${HOST_DETACHED_MESSAGE} (${toolName})`));
    if (signal?.aborted) return Promise.reject(new Error(`Host tool "${toolName}" was aborted`));
    const id = `host_${++this.callCounter}`;
    return new Promise<AgentToolResult<unknown>>((resolve, reject) => {
      const onAbort = (): void => {
        if (!this.pending.has(id)) return;
        this.pending.delete(id);
        // Complete the call as failed first, then tell the host (docs/protocol.md §8.2 host_tool_cancel).
        reject(new Error(`Host tool "${toolName}" was aborted`));
        this.options.send({ type: "host_tool_cancel", id: `host_cancel_${++this.cancelCounter}`, targetId: id });
      };
      const cleanup = (): void => signal?.removeEventListener("abort", onAbort);
      this.pending.set(id, {
        toolName,
        resolve: (result) => {
          cleanup();
          resolve(result);
        },
        reject: (error) => {
          cleanup();
          reject(error);
        },
        onUpdate,
      });
      signal?.addEventListener("abort", onAbort, { once: true });
      this.options.send({ type: "host_tool_call", id, toolCallId, toolName, arguments: args });
    });
  }
}
