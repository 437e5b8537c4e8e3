// Bench helper (not shipped): `NODE_OPTIONS=--require .../cpu-profile-preload.cjs` profiles
// every node process a TUI starts (NODE_OPTIONS may not hold --cpu-prof). The profile is
// written on exit to $BENCH_PROFILE_DIR/<argv tail>-<pid>.cpuprofile; SIGTERM ends a process
// that has no handler of its own, so its profile is written too.
const { Session } = require("node:inspector");
const { writeFileSync } = require("node:fs");
const { join, basename } = require("node:path");

const dir = process.env.BENCH_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post("Profiler.enable");
  session.post("Profiler.setSamplingInterval", { interval: 500 });
  session.post("Profiler.start");
  let written = false;
  const write = () => {
    if (written) return;
    written = true;
    session.post("Profiler.stop", (error, result) => {
      if (error) return;
      const name = process.argv
        .slice(1, 3)
        .map((a) => basename(a))
        .join("-");
      writeFileSync(join(dir, `${name}-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  };
  process.on("exit", write);
  process.on("SIGTERM", () => {
    write();
    if (process.listenerCount("SIGTERM") === 1) process.exit(143);
  });
}
