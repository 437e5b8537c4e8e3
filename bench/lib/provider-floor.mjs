// The floor under a streaming worker's CPU (bench/detached-worker.mjs): pi-ai's own provider
// streaming one answer from the scripted model and nothing else (no agent loop, no session, no
// clients), its events consumed and dropped. Prints {"streaming":true} at the first delta.
// Usage: node bench/lib/provider-floor.mjs <models.json> <prompt>
import { readFileSync } from "node:fs";
import { stream } from "@mariozechner/pi-ai";

const [modelsFile, prompt] = process.argv.slice(2);
const provider = JSON.parse(readFileSync(modelsFile, "utf8")).providers.fake;
const model = {
  ...provider.models[0],
  api: provider.api,
  provider: "fake",
  baseUrl: provider.baseUrl,
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
};
const context = { messages: [{ role: "user", content: prompt, timestamp: Date.now() }] };
let told = false;
for await (const event of stream(model, context, { apiKey: provider.apiKey })) {
  if (!told && event.type === "text_delta") {
    told = true;
    process.stdout.write(`${JSON.stringify({ streaming: true })}\n`);
  }
}
