// The wire contract shared by the worker (src/agent) and the client (src/bridge).
export * from "./jsonl.js";
export * from "./json-deep.js";
export * from "./types/index.js";
export * from "./constants.js";
export * from "./decode/index.js";
