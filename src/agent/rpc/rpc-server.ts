// The stdin side of the RPC server: LF-only framing, parse errors, routing of non-command
// frames, concurrent dispatch (each record handled as soon as read, docs/protocol.md §2.3) and exactly one
// response per command, echoing the id (also for unknown commands — our deviation, docs/protocol.md §2.5).

import { jsonDepthExceeds } from "../../protocol/json-deep.js";
import { createJsonlFramer } from "../../protocol/jsonl.js";
// The command decoder alone: the index also loads every worker-frame decoder (clients need those).
import { decodeCommand } from "../../protocol/decode/command.js";
import { isObject } from "../../protocol/decode/result.js";
import type { CommandContext, CommandTable } from "../commands/command-table.js";
import { runCommand } from "../commands/registry.js";
import type { FrameWriter } from "./frame-writer.js";

export interface RpcServerOptions {
  /** stdin; absent when a live transport feeds records through handleRecord. */
  input?: NodeJS.ReadableStream;
  writer: FrameWriter;
  /**
   * Writes a response to the client a record came from (`origin`, as given to handleRecord);
   * default: the writer. A live worker answers only the connection that asked.
   */
  reply?: (origin: unknown, frame: object) => void;
  /** Frames the transport answers itself (live_attach, shutdown); true when handled. */
  intercept?: (frame: Record<string, unknown>, origin: unknown) => boolean;
  /** A command finished (answered); the live registry notes session changes. */
  afterCommand?: (type: string) => void;
  table: CommandTable;
  /** Builds the handler context for one request. */
  contextFor: (id: string | undefined) => CommandContext;
  /** Non-command frames by type (extension_ui_response, host_tool_result, host_tool_update). */
  frameRoutes: Map<string, (frame: Record<string, unknown>) => boolean>;
  /** stdin reached its end (after the final record was dispatched). */
  onInputEnd: () => void;
}

export interface RpcServer {
  /** Resolves when every command dispatched so far has been answered. */
  idle(): Promise<void>;
  /** Dispatch one record as if read from stdin (tests, benches, live connections). */
  handleRecord(line: string, origin?: unknown): void;
}

const INVALID_SHAPE = 'Invalid command: expected a JSON object with a string "type"';

/** Inbound frames nesting deeper than this are rejected (nothing legitimate comes close). */
export const MAX_FRAME_DEPTH = 1000;
const TOO_DEEP = `Frame nested deeper than ${MAX_FRAME_DEPTH} levels`;

/**
 * An over-deep frame, made harmless: a host tool result still ends its tool call (as an
 * error naming the reason), so the run is not left waiting; anything else is refused.
 */
function withoutOverDeepPayload(frame: Record<string, unknown>): Record<string, unknown> | undefined {
  if (frame["type"] !== "host_tool_result") return undefined;
  return {
    type: "host_tool_result",
    id: frame["id"],
    result: { content: [{ type: "text", text: `Host tool result rejected: ${TOO_DEEP}` }] },
    isError: true,
  };
}

type CommandResult = { ok: true; data: unknown } | { ok: false; error: string };

export function startRpcServer(options: RpcServerOptions): RpcServer {
  const server = new CommandServer(options);
  if (options.input) server.listen(options.input);
  return server;
}

class CommandServer implements RpcServer {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly reply: (origin: unknown, frame: object) => void;

  constructor(private readonly options: RpcServerOptions) {
    this.reply = options.reply ?? ((_origin: unknown, frame: object) => options.writer.write(frame));
  }

  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  readonly handleRecord = (line: string, origin?: unknown): void => {
    const parsed = this.parse(line, origin);
    if (!parsed) return;
    const type = parsed["type"] as string;
    const frame = this.limitDepth(parsed, type, origin);
    if (!frame) return;
    if (this.options.intercept?.(frame, origin)) return;
    if (this.route(type, frame)) return;
    this.dispatch(frame, type, origin);
  };

  /** Framing over a byte stream (stdin): every record is handled as soon as it is complete. */
  listen(input: NodeJS.ReadableStream): void {
    const { writer } = this.options;
    const framer = createJsonlFramer({
      onRecord: this.handleRecord,
      onOversize: (bytes) =>
        writer.write({
          type: "response",
          command: "parse",
          success: false,
          error: `Failed to parse command: record of ${bytes} bytes exceeds the size limit`,
        }),
      onInvalidUtf8: () =>
        writer.write({
          type: "response",
          command: "parse",
          success: false,
          error: "Failed to parse command: invalid UTF-8",
        }),
    });
    input.on("data", (chunk: Buffer | string) => framer.push(chunk));
    input.on("end", () => {
      framer.end();
      this.options.onInputEnd();
    });
    input.on("error", (error: Error) => {
      process.stderr.write(`agent-rpc: stdin error: ${error.message}\n`);
      this.options.onInputEnd();
    });
  }

  private respond(origin: unknown, id: string | undefined, command: string, result: CommandResult): void {
    const frame: Record<string, unknown> = {};
    if (id !== undefined) frame["id"] = id;
    frame["type"] = "response";
    frame["command"] = command;
    if (result.ok) {
      frame["success"] = true;
      if (result.data !== undefined) frame["data"] = result.data;
    } else {
      frame["success"] = false;
      frame["error"] = result.error;
    }
    this.reply(origin, frame);
  }

  /** The record as an object with a string `type`, or undefined after answering the parse failure. */
  private parse(line: string, origin: unknown): Record<string, unknown> | undefined {
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch (error) {
      this.reply(origin, {
        type: "response",
        command: "parse",
        success: false,
        error: `Failed to parse command: ${(error as Error).message}`,
      });
      return undefined;
    }
    if (!isObject(parsed) || typeof parsed["type"] !== "string") {
      const rawId = isObject(parsed) ? parsed["id"] : undefined;
      this.respond(origin, typeof rawId === "string" ? rawId : undefined, "parse", { ok: false, error: INVALID_SHAPE });
      return undefined;
    }
    return parsed;
  }

  /** The frame, or its harmless stand-in when it nests too deep (undefined: refused and answered). */
  private limitDepth(
    frame: Record<string, unknown>,
    type: string,
    origin: unknown,
  ): Record<string, unknown> | undefined {
    if (!jsonDepthExceeds(frame, MAX_FRAME_DEPTH)) return frame;
    const replacement = withoutOverDeepPayload(frame);
    if (replacement) return replacement;
    process.stderr.write(`agent-rpc: rejected a ${type} frame: ${TOO_DEEP}\n`);
    const id = typeof frame["id"] === "string" ? frame["id"] : undefined;
    if (!this.options.frameRoutes.has(type)) this.respond(origin, id, type, { ok: false, error: TOO_DEEP });
    return undefined;
  }

  /** Non-command frames (dialog answers, host tool results): true when the frame was one. */
  private route(type: string, frame: Record<string, unknown>): boolean {
    const route = this.options.frameRoutes.get(type);
    if (!route) return false;
    // Unknown ids are ignored silently (docs/protocol.md §1.2); a route failure is logged, never answered.
    try {
      route(frame);
    } catch (error) {
      process.stderr.write(`agent-rpc: ${type} handling failed: ${(error as Error).message}\n`);
    }
    return true;
  }

  /** Decode and run a command without waiting for it; exactly one response either way. */
  private dispatch(frame: Record<string, unknown>, type: string, origin: unknown): void {
    const id = typeof frame["id"] === "string" ? frame["id"] : undefined;
    // Unknown types and missing/mistyped fields fail here, naming the type or the field.
    const decoded = decodeCommand(frame);
    if (!decoded.ok) {
      this.respond(origin, id, type, { ok: false, error: decoded.error });
      return;
    }
    const command = decoded.value;
    const task = (async () => {
      try {
        const data = await runCommand(this.options.table, command, this.options.contextFor(id));
        this.respond(origin, id, type, { ok: true, data });
      } catch (error) {
        this.respond(origin, id, type, { ok: false, error: error instanceof Error ? error.message : String(error) });
      }
      this.options.afterCommand?.(type);
    })();
    this.inFlight.add(task);
    void task.finally(() => this.inFlight.delete(task));
  }
}
