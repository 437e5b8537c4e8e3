// Preloaded with NODE_OPTIONS="--require .../cpu-profile-hook.cjs" (Node 20 refuses --cpu-prof
// there): profiles the whole process and writes CPU.<pid>.<cmd>.cpuprofile into
// $BENCH_PROFILE_DIR when it exits, however it exits (exit(), a signal it handles, end of loop).
const { Session } = require("node:inspector");
const { writeFileSync } = require("node:fs");
const { join } = require("node:path");

const dir = process.env.BENCH_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post("Profiler.enable");
  session.post("Profiler.setSamplingInterval", { interval: 1000 });
  session.post("Profiler.start");
  let written = false;
  const write = () => {
    if (written) return;
    written = true;
    // In-process inspector sessions answer synchronously, so this works inside 'exit'.
    session.post("Profiler.stop", (error, result) => {
      if (error || !result) return;
      const name = (process.argv[2] ?? "node").replace(/\W+/g, "_").slice(-30);
      const sub = (process.argv[3] ?? "").replace(/\W+/g, "_");
      writeFileSync(join(dir, `CPU.${process.pid}.${name}.${sub}.cpuprofile`), JSON.stringify(result.profile));
    });
  };
  process.on("exit", write);
  for (const signal of ["SIGTERM", "SIGHUP"]) {
    process.prependListener(signal, () => {
      write();
      // A listener replaces the signal's default action: a process with no handler of its
      // own must still end (with the signal's usual code).
      if (process.listenerCount(signal) === 1) process.exit(signal === "SIGTERM" ? 143 : 129);
    });
  }
}
