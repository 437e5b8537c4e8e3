// Session-level actions: the snapshot (model, thinking level, name), workspace, todos and the
// opened session's totals, plus the transcript line that says when a setting changed.
import type { SessionSnapshot } from "../../bridge/index.js";
import type { TuiAction } from "./actions.js";
import { appendNotice } from "./transcript.js";
import type { FooterState, TuiState } from "./types.js";

export type SessionAction = Extract<TuiAction, { type: "snapshot" | "workspace" | "todos" | "session_totals" }>;

/**
 * One transcript line when the model or the thinking level changed (Shift+Tab, Ctrl+P, /model,
 * /thinking, an extension, a resumed session): the footer alone is easy to miss. Nothing on the
 * first snapshot, which only tells what the session started with.
 */
export function noteSettingChanges(s: TuiState, before: FooterState): TuiState {
  const f = s.footer;
  let t = s.transcript;
  if (
    before.model !== undefined &&
    f.model !== undefined &&
    (before.model !== f.model || before.provider !== f.provider)
  ) {
    t = appendNotice(t, "info", `Model: ${f.model}${f.provider ? ` (${f.provider})` : ""}`);
  }
  if (before.thinkingLevel !== undefined && f.thinkingLevel !== undefined && before.thinkingLevel !== f.thinkingLevel) {
    t = appendNotice(t, "info", `Thinking level: ${f.thinkingLevel}`);
  }
  return t === s.transcript ? s : { ...s, transcript: t };
}

function applySnapshot(s: TuiState, snap: SessionSnapshot): TuiState {
  const footer: FooterState = {
    ...s.footer,
    model: snap.model?.name ?? snap.model?.id ?? s.footer.model,
    provider: snap.model?.provider ?? s.footer.provider,
    contextWindow: snap.model?.contextWindow ?? s.footer.contextWindow,
    reasoning: snap.model?.reasoning ?? s.footer.reasoning,
    imageInput: snap.model ? snap.model.imageInput : s.footer.imageInput,
    thinkingLevel: snap.thinkingLevel ?? s.footer.thinkingLevel,
    sessionName: snap.sessionName,
  };
  return noteSettingChanges({ ...s, footer, todos: snap.todoPhases ?? s.todos }, s.footer);
}

export function reduceSessionAction(s: TuiState, a: SessionAction): TuiState {
  switch (a.type) {
    case "snapshot":
      return applySnapshot(s, a.snapshot);
    case "workspace":
      return { ...s, footer: { ...s.footer, cwd: a.cwd, branch: a.branch, host: a.host } };
    case "todos":
      return { ...s, todos: a.phases };
    case "session_totals": {
      const t = a.totals;
      return {
        ...s,
        footer: {
          ...s.footer,
          tokensIn: t.tokensIn,
          tokensOut: t.tokensOut,
          cost: t.cost,
          lastContextTokens: t.contextTokens,
        },
      };
    }
    default: {
      const never: never = a;
      return never;
    }
  }
}
