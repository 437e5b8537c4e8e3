// Input dialog: one line with ink-text-input; Enter submits, Esc cancels.
import React, { useState } from "react";
import { Box, Text, useInput } from "ink";
import TextInput from "ink-text-input";
import { resolveDialogKey } from "../../keymap.js";
import { helpRow, titleRow } from "./dialog-frame.js";

export function InputDialog(props: {
  title: string;
  placeholder: string;
  width: number;
  remainingMs: number | undefined;
  onSubmit: (value: string) => void;
  onCancel: () => void;
}): React.ReactElement {
  const [value, setValue] = useState("");
  useInput((input, key) => {
    const r = resolveDialogKey(input, key, false);
    if (r && "action" in r && r.action === "cancel") props.onCancel();
  });
  return (
    <Box flexDirection="column">
      <Text wrap="truncate-end">{titleRow(props.title, props.width)}</Text>
      <Box>
        <Text>{"  › "}</Text>
        <TextInput value={value} onChange={setValue} onSubmit={props.onSubmit} placeholder={props.placeholder} />
      </Box>
      <Text wrap="truncate-end">{helpRow("enter submit · esc cancel", props.remainingMs, props.width)}</Text>
    </Box>
  );
}
