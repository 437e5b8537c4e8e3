// Barrel of the pure wire types (docs/protocol.md Appendix A).
export type * from "./messages.js";
export type * from "./todos.js";
export type * from "./checkpoints.js";
export type * from "./host-tools.js";
export type * from "./extension-ui.js";
export type * from "./results.js";
export type * from "./session-file.js";
export type * from "./commands.js";
export type * from "./responses.js";
export type * from "./events.js";
export type * from "./frames.js";
export { SESSION_FILE_VERSION } from "./session-file.js";
