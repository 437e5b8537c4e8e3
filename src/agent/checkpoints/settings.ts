// The checkpoint keys of settings.json: `checkpoints.enabled` (default true) and
// `checkpoints.maxFileBytes` (default 5 MB: larger files are left out and named as such).

import { isObject } from "../../protocol/decode/result.js";

export interface CheckpointSettings {
  enabled: boolean;
  maxFileBytes: number;
}

export const DEFAULT_MAX_FILE_BYTES = 5 * 1024 * 1024;

export function checkpointSettings(rawSettings: unknown): CheckpointSettings {
  const raw = isObject(rawSettings) && isObject(rawSettings["checkpoints"]) ? rawSettings["checkpoints"] : {};
  const max = raw["maxFileBytes"];
  return {
    enabled: raw["enabled"] !== false,
    maxFileBytes: typeof max === "number" && Number.isFinite(max) && max >= 0 ? max : DEFAULT_MAX_FILE_BYTES,
  };
}
