// The fleet: every live session of this user here and on the hosts of settings `fleet.hosts`.
export type * from "./fleet-types.js";
export { decodeFleetEntry, decodeFleetLine, type FleetLine } from "./decode-fleet.js";
export { createFleetSource, hostReach, type FleetSource, type FleetSourceOptions } from "./fleet-source.js";
export {
  answerFleetDialog,
  peekFleetSession,
  stopFleetSession,
  type ActionResult,
  type Peek,
} from "./fleet-actions.js";
export { startFleetSession, type NewSessionRequest, type NewSessionResult } from "./new-session.js";
export { readLogTail } from "./dead-log.js";
