// Extension UI sub-protocol (docs/protocol.md §7): dialog, fire-and-forget and control requests
// from worker extensions, and the client's answers to dialogs.

/** docs/protocol.md §7.2 select */
export interface UiSelectRequest {
  type: "extension_ui_request";
  id: string;
  method: "select";
  title: string;
  options: string[];
  /** ms; the worker resolves the default when it expires. */
  timeout?: number;
  /** Later oh-my-pi, positional. */
  optionDetails?: { description?: string }[];
  /**
   * [ours] The change asked about (the permission gate's edit/write), in the edit tool's
   * `details.diff` format; a client that ignores it shows the title alone (docs/protocol-notes.md).
   */
  diff?: string;
}

/** docs/protocol.md §7.2 confirm */
export interface UiConfirmRequest {
  type: "extension_ui_request";
  id: string;
  method: "confirm";
  title: string;
  message: string;
  timeout?: number;
}

/** docs/protocol.md §7.2 input */
export interface UiInputRequest {
  type: "extension_ui_request";
  id: string;
  method: "input";
  title: string;
  placeholder?: string;
  timeout?: number;
}

/** docs/protocol.md §7.2 editor (pi never sends `timeout`; [ours] may). */
export interface UiEditorRequest {
  type: "extension_ui_request";
  id: string;
  method: "editor";
  title: string;
  prefill?: string;
  /** [xcsh]: render like the main prompt editor. */
  promptStyle?: boolean;
  timeout?: number;
}

export type NotifyType = "info" | "warning" | "error";

/** docs/protocol.md §7.2 notify (default `info` when `notifyType` is absent). */
export interface UiNotifyRequest {
  type: "extension_ui_request";
  id: string;
  method: "notify";
  message: string;
  notifyType?: NotifyType;
}

/** docs/protocol.md §7.2 setStatus: absent `statusText` clears the key. */
export interface UiSetStatusRequest {
  type: "extension_ui_request";
  id: string;
  method: "setStatus";
  statusKey: string;
  statusText?: string;
}

export type WidgetPlacement = "aboveEditor" | "belowEditor";

/** docs/protocol.md §7.2 setWidget: absent `widgetLines` removes the widget. */
export interface UiSetWidgetRequest {
  type: "extension_ui_request";
  id: string;
  method: "setWidget";
  widgetKey: string;
  widgetLines?: string[];
  widgetPlacement?: WidgetPlacement;
}

/** docs/protocol.md §7.2 setTitle */
export interface UiSetTitleRequest {
  type: "extension_ui_request";
  id: string;
  method: "setTitle";
  title: string;
}

/** docs/protocol.md §7.2 set_editor_text */
export interface UiSetEditorTextRequest {
  type: "extension_ui_request";
  id: string;
  method: "set_editor_text";
  text: string;
}

/** docs/protocol.md §7.2 cancel ([ours], [xcsh]): the worker withdrew dialog `targetId`; send no response. */
export interface UiCancelRequest {
  type: "extension_ui_request";
  id: string;
  method: "cancel";
  targetId: string;
}

export type ExtensionUIDialogRequest = UiSelectRequest | UiConfirmRequest | UiInputRequest | UiEditorRequest;

export type ExtensionUIFireAndForgetRequest =
  | UiNotifyRequest
  | UiSetStatusRequest
  | UiSetWidgetRequest
  | UiSetTitleRequest
  | UiSetEditorTextRequest;

export type ExtensionUIRequest = ExtensionUIDialogRequest | ExtensionUIFireAndForgetRequest | UiCancelRequest;

export type ExtensionUIMethod = ExtensionUIRequest["method"];

/** docs/protocol.md §7.3 Answer to select / input / editor. */
export interface UiValueResponse {
  type: "extension_ui_response";
  id: string;
  value: string;
}

/** docs/protocol.md §7.3 Answer to confirm. */
export interface UiConfirmedResponse {
  type: "extension_ui_response";
  id: string;
  confirmed: boolean;
}

/** docs/protocol.md §7.3 Cancellation of any dialog; `timedOut` when the client-side dialog expired. */
export interface UiCancelledResponse {
  type: "extension_ui_response";
  id: string;
  cancelled: true;
  timedOut?: boolean;
}

export type ExtensionUIResponse = UiValueResponse | UiConfirmedResponse | UiCancelledResponse;
