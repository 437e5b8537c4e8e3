// Input dialog: one line with ink-text-input; Enter submits, Esc cancels.
import React, { useRef, useState } from "react";
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
  const [value, setValueState] = useState("");
  // Enter is handled here from a ref: ink-text-input's own onSubmit can see a stale value when
  // keys arrive faster than React re-subscribes its handler.
  const ref = useRef("");
  const setValue = (v: string): void => {
    ref.current = v;
    setValueState(v);
  };
  useInput((input, key) => {
    const r = resolveDialogKey(input, key, false);
    if (!r || !("action" in r)) return;
    if (r.action === "cancel") props.onCancel();
    else if (r.action === "confirm") props.onSubmit(ref.current);
  });
  return (
    <Box flexDirection="column">
      <Text wrap="truncate-end">{titleRow(props.title, props.width)}</Text>
      <Box>
        <Text>{"  › "}</Text>
        <TextInput value={value} onChange={setValue} placeholder={props.placeholder} />
      </Box>
      <Text wrap="truncate-end">{helpRow("enter submit · esc cancel", props.remainingMs, props.width)}</Text>
    </Box>
  );
}
