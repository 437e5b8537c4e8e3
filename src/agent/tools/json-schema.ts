// A tool's parameters given as a plain JSON Schema object (an extension's registerTool, a
// client's host tool) where pi-agent-core's AgentTool asks for a TypeBox schema.
import type { TSchema } from "typebox";

/**
 * `schema` as the TypeBox type AgentTool declares. TypeBox schemas are JSON schemas with symbol
 * keys for their static types; pi-ai validates a plain JSON Schema object the same way at runtime.
 */
export function toolParameters(schema: object): TSchema {
  // The one place a JSON Schema stands for a TypeBox schema: no runtime check can make it one.
  return schema as unknown as TSchema;
}
