// Turns a pi-style extension tool definition into a pi-agent-core AgentTool: same name, schema and
// execute, with pi's fifth execute argument (the extension context) supplied by the host; and
// describes tools for pi.getAllTools.
import type { AgentTool, AgentToolResult } from "@mariozechner/pi-agent-core";
import { toolParameters } from "../tools/json-schema.js";
import type { ExtensionContext, ExtensionOrigin, ExtensionToolDefinition, ToolInfo } from "./api.js";

export function toAgentTool(definition: ExtensionToolDefinition, context: () => ExtensionContext): AgentTool {
  if (typeof definition !== "object" || definition === null)
    throw new TypeError("pi.registerTool(tool): tool must be an object");
  const { name, description, parameters, execute } = definition;
  if (typeof name !== "string" || !/^[A-Za-z0-9_-]{1,64}$/.test(name)) {
    throw new TypeError(`pi.registerTool: invalid tool name ${JSON.stringify(name)}`);
  }
  if (typeof execute !== "function") throw new TypeError(`pi.registerTool(${name}): execute must be a function`);
  if (typeof parameters !== "object" || parameters === null) {
    throw new TypeError(`pi.registerTool(${name}): parameters must be a TypeBox or JSON schema object`);
  }
  const tool: AgentTool = {
    name,
    label: typeof definition.label === "string" ? definition.label : name,
    description: typeof description === "string" ? description : "",
    // TypeBox schemas are JSON schemas; a plain JSON schema object works the same at runtime.
    parameters: toolParameters(parameters),
    execute: (toolCallId, params, signal, onUpdate): Promise<AgentToolResult<unknown>> =>
      execute(toolCallId, params as never, signal, onUpdate, context()),
  };
  if (typeof definition.prepareArguments === "function") {
    const prepare = definition.prepareArguments;
    tool.prepareArguments = (args) => prepare(args) as never;
  }
  return tool;
}

/** pi.getAllTools items: ours are "builtin", extension tools carry their extension's provenance. */
export function describeTools(
  all: { tool: AgentTool; builtin: boolean }[],
  registered: readonly { ext: ExtensionOrigin; tool: AgentTool }[],
): ToolInfo[] {
  return all.map(({ tool, builtin }) => {
    const ext = registered.find((t) => t.tool === tool)?.ext;
    const sourceInfo: ToolInfo["sourceInfo"] = ext
      ? { path: ext.path, source: ext.source, scope: ext.scope, origin: "top-level" }
      : {
          path: `<builtin:${tool.name}>`,
          source: builtin ? "builtin" : "sdk",
          scope: "temporary",
          origin: "top-level",
        };
    return { name: tool.name, description: tool.description, parameters: tool.parameters, sourceInfo };
  });
}
