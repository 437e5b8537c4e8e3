// Lazy loaders for pi-ai and pi-agent-core. Importing pi-ai pulls in its whole model
// catalogue (~300 ms), so nothing on the startup path imports it; the first prompt or a
// built-in model lookup does. The demo provider is registered as soon as pi-ai loads.

type PiAi = typeof import("@mariozechner/pi-ai");
type AgentCore = typeof import("@mariozechner/pi-agent-core");

let piAi: Promise<PiAi> | undefined;
let agentCore: Promise<AgentCore> | undefined;

export function loadPiAi(): Promise<PiAi> {
  piAi ??= Promise.all([import("@mariozechner/pi-ai"), import("./demo-provider.js")]).then(([ai, demo]) => {
    demo.registerDemoProvider(ai);
    return ai;
  });
  return piAi;
}

export function loadAgentCore(): Promise<AgentCore> {
  agentCore ??= loadPiAi().then(() => import("@mariozechner/pi-agent-core"));
  return agentCore;
}
