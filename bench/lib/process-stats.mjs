// Process figures for the benches, read from /proc (Linux): CPU seconds of a process tree (a
// TUI and every process under it), peak RSS, the machine's load, a busy load of one spinning
// process per core, and medians/percentiles.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";

const CLK_TCK = 100;

function statFields(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}

/** CPU seconds (user + system) a process has used so far, or NaN when it is gone. */
export function cpuSeconds(pid) {
  const f = statFields(pid);
  return f ? (Number(f[11]) + Number(f[12])) / CLK_TCK : Number.NaN;
}

/**
 * The main thread's time on a CPU and time runnable but waiting for one, in ms, and the times it
 * was put on a CPU, so far (/proc/PID/schedstat; needs a kernel with schedstats), or undefined.
 */
export function schedMs(pid) {
  try {
    const [run, wait, slices] = readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ").map(Number);
    return { run: run / 1e6, wait: wait / 1e6, slices };
  } catch {
    return undefined;
  }
}

/** The pids of every process under `root` (children, grandchildren, ...), by parent pid. */
export function descendants(root) {
  const parentOf = new Map();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const f = statFields(name);
    if (f) parentOf.set(Number(name), Number(f[1]));
  }
  const out = [];
  const wanted = new Set([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, ppid] of parentOf) {
      if (wanted.has(ppid) && !wanted.has(pid)) {
        wanted.add(pid);
        out.push(pid);
        grew = true;
      }
    }
  }
  return out;
}

/** The first words of a process's command line ("" when it is gone). */
export function commandOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8")
      .split("\0")
      .filter(Boolean)
      .slice(0, 3)
      .join(" ")
      .replace(/\S*\//g, "");
  } catch {
    return "";
  }
}

/** Peak resident set (VmHWM) of a process in MB, or NaN when it is gone. */
export function peakRssMb(pid) {
  try {
    const m = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmHWM:\s+(\d+) kB/);
    return m ? Number(m[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** Each thread of `pid` now: its tid, name ("main": the JS thread) and user and system CPU seconds so far. */
export function threadTimes(pid) {
  let tids = [];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  const out = [];
  for (const tid of tids) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
      const name = String(tid) === String(pid) ? "main" : stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      out.push({ tid, name, user: Number(f[11]) / CLK_TCK, system: Number(f[12]) / CLK_TCK });
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return out;
}

/** CPU seconds so far of each thread of `pid`, keyed "tid name" (main thread, V8 workers, libuv pool). */
function threadCpu(pid) {
  return new Map(threadTimes(pid).map((t) => [`${t.tid} ${t.name}`, t.user + t.system]));
}

/**
 * CPU used by a process tree from now on. Children that exit before `read()` would take their
 * CPU with them, so the tree is sampled every `everyMs` and each pid keeps its last reading.
 */
export function treeCpuMeter(root, everyMs = 200) {
  const base = new Map();
  const last = new Map();
  const threadBase = new Map();
  const threadLast = new Map();
  const sample = (first) => {
    for (const pid of [root, ...descendants(root)]) {
      const s = cpuSeconds(pid);
      if (Number.isNaN(s)) continue;
      if (!base.has(pid)) base.set(pid, first ? s : 0);
      last.set(pid, s);
      for (const [thread, t] of threadCpu(pid)) {
        const key = `${pid}/${thread}`;
        if (!threadBase.has(key)) threadBase.set(key, first ? t : 0);
        threadLast.set(key, t);
      }
    }
  };
  sample(true);
  const timer = setInterval(() => sample(false), everyMs);
  return {
    /** { root, total } CPU seconds since the meter started; stops the sampling. */
    read() {
      sample(false);
      clearInterval(timer);
      let total = 0;
      for (const [pid, s] of last) total += s - base.get(pid);
      const perPid = [...last].map(([pid, s]) => {
        // Threads by name ("node" is the main thread; V8 GC/compiler helpers, libuv pool), busiest first.
        const threads = new Map();
        for (const [key, t] of threadLast) {
          if (!key.startsWith(`${pid}/`)) continue;
          const name = key.slice(key.indexOf(" ") + 1);
          threads.set(name, (threads.get(name) ?? 0) + t - threadBase.get(key));
        }
        const byThread = [...threads].filter(([, t]) => t > 0).sort((a, b) => b[1] - a[1]);
        return { pid, cpu: s - base.get(pid), command: commandOf(pid), byThread };
      });
      return { root: last.get(root) - base.get(root), total, perPid };
    },
  };
}

/** One spinning process per core (what a build or a test suite does to the machine). */
/**
 * `ownSession`: each loop in a session of its own, as an agent's bash tool starts its commands
 * (else in the bench's). `lower`: agent-rpc's tool-priority module, to start them as agent-rpc's
 * bash tool does (through `nice`, the session group lowered).
 */
export function startBusyLoad(n = cpus().length, { ownSession = false, lower } = {}) {
  const kids = Array.from({ length: n }, () => {
    const plain = { file: process.execPath, args: ["-e", "for(;;){}"] };
    const start = lower ? lower.toolCommand(plain.file, plain.args) : plain;
    const kid = spawn(start.file, start.args, { stdio: "ignore", detached: ownSession });
    if (lower && kid.pid !== undefined) void lower.lowerSessionGroup(kid.pid);
    return kid;
  });
  return {
    n,
    stop: () =>
      Promise.all(
        kids.map(
          (k) =>
            new Promise((r) => {
              if (k.exitCode !== null || k.signalCode !== null) return r();
              k.once("exit", r);
              k.kill("SIGKILL");
            }),
        ),
      ),
  };
}

/** "node v20, 2 cores, load 1.2 0.9 0.8": printed beside every absolute figure. */
export function machineLine() {
  const l = loadavg().map((x) => x.toFixed(2));
  return `node ${process.version}, ${cpus().length} cores, load average ${l.join(" ")} (1/5/15 min)`;
}

export function median(xs) {
  const s = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Nearest-rank percentile (p in 0..100). */
export function percentile(xs, p) {
  const s = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}
