// Every Ink instance this process creates gets agent-tui's two changes to it as render()
// registers it: its copy of the printed transcript is bounded (ink-static-output.ts), and its
// live frame is written by the inline writer (ink-inline-writer.ts), which sends only what
// changed. Nothing is changed on an Ink version the hooks were not written for.
import { createInlineWriter, type FrameStream, type InkLog } from "./ink-inline-writer.js";
import { inkInternal } from "./ink-internals.js";
import { boundStaticOutput } from "./ink-static-output.js";

/** The Ink version whose instance fields these hooks replace. */
// Pays: 3.47 -> 2.04 bytes per answer byte, no frame left behind (docs/ink-adaptations.md, "Inline writer").
const INK_VERSION = "6.8.0";

type Instances = { set(key: object, value: object): Instances; delete(key: object): boolean };

/**
 * The terminal stream each hooked instance was registered under, by the stream that replaced
 * it: Ink's unmount removes the instance by its options.stdout, now the writer's stream, and
 * the terminal's entry would stay behind, so the next render() on that terminal (agent-tui
 * fleet coming back from an attached session) would reuse the unmounted instance and draw nothing.
 */
const registeredUnder = new WeakMap<object, object>();
type InkInstance = {
  log?: InkLog;
  isScreenReaderEnabled?: boolean;
  options?: { stdout?: FrameStream; debug?: boolean };
};

/** Hook one instance (exported for tests). */
export function hookInkInstance(instance: object): void {
  const ink = instance as InkInstance;
  const stdout = ink.options?.stdout;
  // The screen-reader and debug paths of Ink write whole frames without its writer.
  if (
    stdout === undefined ||
    ink.isScreenReaderEnabled === true ||
    ink.options?.debug === true ||
    typeof ink.log !== "function"
  ) {
    boundStaticOutput(instance);
    return;
  }
  // Ink announces each printed part as it appends it to its copy (called only once Ink draws).
  const printed = boundStaticOutput(instance, undefined, (part) => writer.staticComing(part));
  // A resize that clears the terminal prints again what Ink printed, as boundStaticOutput kept it.
  const writer = createInlineWriter(stdout, printed);
  ink.log = writer.log;
  // Ink writes everything through options.stdout; the writer holds back the printed lines.
  ink.options = { ...ink.options, stdout: writer.stream };
  registeredUnder.set(writer.stream, stdout);
}

/** Hook every Ink instance this process creates; false (untouched) on another Ink version. */
export async function installInkInstanceHooks(): Promise<boolean> {
  // The instances map of the Ink that renders (the bundled one in the bundle, ink-internals.ts).
  const instances = (await inkInternal("instances.js", INK_VERSION)) as Instances | undefined;
  if (instances === undefined) return false;
  const set = instances.set.bind(instances);
  const remove = instances.delete.bind(instances);
  instances.delete = (key) => remove(registeredUnder.get(key) ?? key);
  // render() registers each new instance here right after constructing it, before it draws.
  instances.set = (key, value) => {
    hookInkInstance(value);
    return set(key, value);
  };
  return true;
}
