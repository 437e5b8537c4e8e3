// The shape of frames the runtime emits. Kept structural (type + fields) so the runtime does
// not depend on the exact protocol unions; the protocol module documents each event.

export interface WireEvent {
  type: string;
  [field: string]: unknown;
}

export type EmitFn = (event: WireEvent) => void;
