// Reading JSON the TUI loads itself (session files on disk, session trees and histories it
// fetched): the bridge's tolerant accessors over `unknown`, re-exported so TUI code has one
// import for them. Worker events never come here: the bridge decodes those.
export { isRecord, num, optStr, str, strArray } from "../bridge/index.js";
