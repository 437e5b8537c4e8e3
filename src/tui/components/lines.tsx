// Renders pre-built terminal rows, one <Text> per row, so every component's height is exactly
// the number of rows its pure line builder returned (the live-region budget depends on it).
import React from "react";
import { Box, Text } from "ink";

export function Lines({ lines }: { lines: readonly string[] }): React.ReactElement | null {
  if (lines.length === 0) return null;
  return (
    <Box flexDirection="column">
      {lines.map((line, i) => (
        <Text key={i} wrap="truncate-end">
          {line === "" ? " " : line}
        </Text>
      ))}
    </Box>
  );
}
