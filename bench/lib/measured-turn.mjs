// One measured turn through a TUI under a pty, as the CPU benches run it: start the TUI, type the
// prompt as a person would, send it, wait for the answer's end marker with nothing working, and
// read the time, the CPU (every process under the TUI, and the TUI alone), the bytes written and
// the peak RSS. Each bench adds its own figures (`more`) before the TUI is stopped.
import { descendants, peakRssMb, treeCpuMeter } from "./process-stats.mjs";
import { settle, startTui } from "./tui-under-pty.mjs";

const PI = "pi 0.73.1";

/**
 * `name`: a TARGETS entry; `box`: its sandbox (disposed here); `timeoutMs`: how long the turn may
 * take; `logCpu(cpu)`: called with the per-process CPU under BENCH_VERBOSE; `more(tui)`: extra
 * figures read before the TUI stops. BENCH_NODE_ARGS reaches agent-tui's node, never pi's.
 */
export async function measureTurn(name, box, { cols, rows, timeoutMs, logCpu = () => {}, more = () => ({}) }) {
  const nodeArgs = name !== PI ? (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean) : [];
  const tui = startTui(name, box, { cols, rows, args: ["--no-session"], nodeArgs });
  try {
    await tui.waitFor(tui.ready, 30_000);
    await settle();
    tui.child.write("BENCH go");
    await tui.waitFor(() => tui.editor() === "BENCH go", 15_000);
    tui.measuring = true;
    const meter = treeCpuMeter(tui.child.pid);
    const t0 = performance.now();
    tui.child.write("\r");
    await tui.waitFor(() => tui.screen().some((l) => l.includes("Working")), 10_000);
    await tui.waitFor(() => {
      const screen = tui.screen();
      return screen.some((l) => l.includes("BENCH-END")) && !screen.some((l) => l.includes("Working"));
    }, timeoutMs);
    const seconds = (performance.now() - t0) / 1000;
    const cpu = meter.read();
    if (process.env.BENCH_VERBOSE) logCpu(cpu);
    const rss = peakRssMb(tui.child.pid);
    const workerRss = descendants(tui.child.pid).reduce((sum, pid) => sum + (peakRssMb(pid) || 0), 0);
    tui.measuring = false;
    return { seconds, total: cpu.total, tui: cpu.root, bytes: tui.bytes, rss, workerRss, ...more(tui) };
  } finally {
    await tui.kill();
    await box.dispose();
  }
}
