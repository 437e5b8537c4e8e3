// The checkpoint keys of settings.json: `checkpoints.enabled` (default true),
// `checkpoints.maxFileBytes` (default 5 MB: larger files are left out and named as such) and
// `checkpoints.maxFiles` (default 50,000: a larger tree, such as a home folder, gets no checkpoint).

import { isObject } from "../../protocol/decode/result.js";

export interface CheckpointSettings {
  enabled: boolean;
  maxFileBytes: number;
  maxFiles: number;
}

export const DEFAULT_MAX_FILE_BYTES = 5 * 1024 * 1024;
export const DEFAULT_MAX_FILES = 50_000;

const count = (value: unknown, fallback: number): number =>
  typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : fallback;

export function checkpointSettings(rawSettings: unknown): CheckpointSettings {
  const raw = isObject(rawSettings) && isObject(rawSettings["checkpoints"]) ? rawSettings["checkpoints"] : {};
  return {
    enabled: raw["enabled"] !== false,
    maxFileBytes: count(raw["maxFileBytes"], DEFAULT_MAX_FILE_BYTES),
    maxFiles: count(raw["maxFiles"], DEFAULT_MAX_FILES),
  };
}
