// Decoders from parsed JSON (`unknown`) to the typed wire frames, for both directions.
export type { DecodeResult, JsonObject } from "./result.js";
export { commandIdOf, decodeCommand, frameTypeOf } from "./command.js";
export { URL_IMAGE_ERROR, normalizeImageInput } from "./command-fields.js";
export { decodeStdinFrame, type StdinDecodeFailure, type StdinDecodeResult, type StdinFrame } from "./stdin-frame.js";
export { INVALID_FRAME_ERROR, decodeWorkerFrame, type DecodedWorkerFrame } from "./worker-frame.js";
export { CONTENT_INDEX_LAST_STARTED } from "./events.js";
export { decodeUsage } from "./messages.js";
export { decodeMessage, decodeMessages, decodeSessionEntries, decodeTree } from "./values.js";
export { decodeResponseData } from "./response-data.js";
export { decodeTodoPhaseList } from "./state.js";
