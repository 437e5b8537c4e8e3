// Renders pre-built terminal rows as ONE <Text> (rows joined by "\n"), so every component's
// height is exactly the number of rows its pure line builder returned (the live-region budget
// depends on it) and Ink lays out one node instead of one per row. Rows already fit the
// width, so Ink never re-wraps them. Every row passes guardRow: only our SGR styling reaches
// the terminal, whatever a line builder let through.
import type React from "react";
import { Text } from "ink";
import { guardRow } from "../render/sanitize.js";

export function Lines({ lines }: { lines: readonly string[] }): React.ReactElement | null {
  if (lines.length === 0) return null;
  return <Text>{lines.map((line) => (line === "" ? " " : guardRow(line))).join("\n")}</Text>;
}
