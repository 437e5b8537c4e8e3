// Crash-test child: appends session entries as fast as it can (some of them large, so a
// kill can land inside a write) and prints each entry id only after its append returned,
// like the agent announcing an entry. Usage: node append-worker.mjs <distIndex> <sessionFile>
const [distIndex, sessionFile] = process.argv.slice(2);
const { openSessionManager } = await import(distIndex);
const session = openSessionManager({
  cwd: "/crash",
  agentHome: "/nonexistent",
  sessionFile,
  sync: false,
  warn: () => {},
});
for (let i = 0; ; i++) {
  const size = i % 7 === 0 ? 200_000 : 40;
  const text = `msg ${i} ` + "x".repeat(size);
  const entry =
    i % 2 === 0
      ? session.appendMessage({ role: "user", content: [{ type: "text", text }], timestamp: Date.now() })
      : session.appendCustom("crash-test", { i, text });
  process.stdout.write(`${entry.id}\n`);
}
