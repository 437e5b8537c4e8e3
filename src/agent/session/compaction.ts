// Compaction controller: manual `compact`, threshold and overflow auto-compaction, abort.
// It plans the cut, asks the model for the summary, appends the compaction entry (durably,
// before compaction_end is emitted) and reports compaction_start/compaction_end.
import type { Api, AssistantMessage, Model, Usage } from "@mariozechner/pi-ai";
import { loadPiAi } from "../providers/lazy.js";
import type { CompactionEndEvent, CompactionReason, CompactionStartEvent } from "../../protocol/types/events.js";
import type { CompactionResult } from "../../protocol/types/results.js";
import {
  DEFAULT_COMPACTION_SETTINGS,
  estimateContextTokens,
  fileLists,
  planCompaction,
  sumEstimatedTokens,
  usageContextTokens,
  type CompactionPlan,
  type CompactionSettings,
} from "./compaction-plan.js";
import {
  buildSummaryPrompt,
  CompactionCancelledError,
  DEFAULT_RETRY_SETTINGS,
  requestSummary,
  type CompleteFn,
  type RetrySettings,
  type SummaryEvent,
} from "./compaction-summary.js";
import type { SessionManager } from "./session-manager.js";
import type { CompactionPreview } from "../runtime/hooks.js";

export type CompactionEvent = CompactionStartEvent | CompactionEndEvent | SummaryEvent;

export type ModelAccess = {
  model: Model<Api>;
  apiKey?: string | undefined;
  headers?: Record<string, string> | undefined;
};

export type CompactionDeps = {
  session: () => SessionManager;
  emit: (event: CompactionEvent) => void;
  /** Current model and its credentials; undefined when no model is selected. */
  modelAccess: () => Promise<ModelAccess | undefined> | ModelAccess | undefined;
  thinkingLevel: () => string | undefined;
  /** Retry settings shared with turn retries (docs/protocol.md §4.6). */
  retry?: () => RetrySettings;
  /** Fixed settings, or a function read at each use (settings changed while running apply at once). */
  settings?: Partial<CompactionSettings> | (() => Partial<CompactionSettings>);
  /** Live auto-compaction switch (e.g. the runtime's flag); defaults to the settings' value. */
  enabled?: () => boolean;
  /** Called when a compaction starts/ends (for get_state.isCompacting). */
  onCompactingChange?: (compacting: boolean) => void;
  /** Injected for tests; defaults to pi-ai's completeSimple. */
  complete?: CompleteFn;
  /** Extensions' session_before_compact: true cancels (ends as aborted, "Compaction cancelled"). */
  beforeCompact?: (preview: CompactionPreview) => Promise<boolean>;
  /** Extensions' session_compact, after the entry is saved. */
  afterCompact?: (event: { compactionEntry: unknown; fromExtension: boolean }) => Promise<void> | void;
};

/** Nothing to do for an automatic compaction: it ends quietly (no errorMessage), as in pi. */
class CompactionSkipped extends Error {}

export const OVERFLOW_RETRY_FAILED =
  "Context overflow recovery failed after one compact-and-retry attempt. " +
  "Try reducing context or switching to a larger-context model.";

type PiAi = Awaited<ReturnType<typeof loadPiAi>>;
// pi-ai is loaded lazily (startup stays fast); any run loads it before an overflow can occur.
let piAi: PiAi | undefined;
async function ensurePiAi(): Promise<PiAi> {
  piAi ??= await loadPiAi();
  return piAi;
}

/** Fallback used only if pi-ai is not loaded yet: the common provider wordings. */
const OVERFLOW_FALLBACK = /context.{0,20}(length|window|limit)|too long|maximum context|token limit|too many tokens/i;

function isOverflow(message: AssistantMessage, contextWindow: number): boolean {
  if (piAi) return piAi.isContextOverflow(message, contextWindow);
  void ensurePiAi();
  return message.stopReason === "error" && OVERFLOW_FALLBACK.test(message.errorMessage ?? "");
}

function addUsage(a: Usage | undefined, b: Usage): Usage {
  if (!a) return b;
  return {
    input: a.input + b.input,
    output: a.output + b.output,
    cacheRead: a.cacheRead + b.cacheRead,
    cacheWrite: a.cacheWrite + b.cacheWrite,
    totalTokens: a.totalTokens + b.totalTokens,
    cost: {
      input: a.cost.input + b.cost.input,
      output: a.cost.output + b.cost.output,
      cacheRead: a.cost.cacheRead + b.cost.cacheRead,
      cacheWrite: a.cost.cacheWrite + b.cost.cacheWrite,
      total: a.cost.total + b.cost.total,
    },
  };
}

function formatFileLists(readFiles: string[], modifiedFiles: string[]): string {
  const sections: string[] = [];
  if (readFiles.length > 0) sections.push(`<read-files>\n${readFiles.join("\n")}\n</read-files>`);
  if (modifiedFiles.length > 0) sections.push(`<modified-files>\n${modifiedFiles.join("\n")}\n</modified-files>`);
  return sections.length > 0 ? `\n\n${sections.join("\n\n")}` : "";
}

export class CompactionController {
  private readonly base: CompactionSettings;
  private abortController: AbortController | undefined;
  private overflowRecoveryAttempted = false;

  constructor(private readonly deps: CompactionDeps) {
    this.base = { ...DEFAULT_COMPACTION_SETTINGS, ...(typeof deps.settings === "function" ? {} : deps.settings) };
  }

  private get settings(): CompactionSettings {
    const live = this.deps.settings;
    return typeof live === "function" ? { ...this.base, ...live() } : this.base;
  }

  get autoCompactionEnabled(): boolean {
    return this.deps.enabled ? this.deps.enabled() : this.settings.enabled;
  }

  /** Only meaningful without a live `enabled` source. */
  setAutoCompaction(enabled: boolean): void {
    this.base.enabled = enabled;
  }

  get isCompacting(): boolean {
    return this.abortController !== undefined;
  }

  /** Cancel a running compaction (manual or automatic). */
  abort(): void {
    this.abortController?.abort();
  }

  /** Call when a new user prompt starts: overflow recovery is attempted once per prompt. */
  resetOverflowGuard(): void {
    this.overflowRecoveryAttempted = false;
  }

  /** `compact`: emits start/end; resolves with the result or throws the failure. */
  async compact(customInstructions?: string): Promise<CompactionResult> {
    const outcome = await this.run("manual", customInstructions);
    if (outcome.kind === "done") return outcome.result;
    throw outcome.error;
  }

  /**
   * True when this failed assistant message is a context overflow that will be recovered by
   * compaction (so the runtime can announce `agent_end.willRetry` before calling afterRun).
   */
  willRecoverOverflow(
    message: AssistantMessage,
    contextWindow: number,
    currentModel: { provider: string; id: string },
  ): boolean {
    if (!this.autoCompactionEnabled || this.overflowRecoveryAttempted) return false;
    if (message.provider !== currentModel.provider || message.model !== currentModel.id) return false;
    if (this.predatesLatestCompaction(message)) return false;
    return isOverflow(message, contextWindow);
  }

  /**
   * After a run (or before a prompt): compact on overflow or above the threshold.
   * Returns `retry: true` when the runtime should drop the failed message from the context
   * and re-run (overflow), `compacted` when the context was replaced.
   */
  async afterRun(
    message: AssistantMessage,
    contextWindow: number,
    currentModel: { provider: string; id: string },
    options: { includeAborted?: boolean } = {},
  ): Promise<{ compacted: boolean; retry: boolean }> {
    const none = { compacted: false, retry: false };
    if (!this.autoCompactionEnabled) return none;
    await ensurePiAi();
    if (!options.includeAborted && message.stopReason === "aborted") return none;
    if (this.predatesLatestCompaction(message)) return none;
    const sameModel = message.provider === currentModel.provider && message.model === currentModel.id;
    if (sameModel && isOverflow(message, contextWindow)) {
      if (this.overflowRecoveryAttempted) {
        this.deps.emit({
          type: "compaction_end",
          reason: "overflow",
          aborted: false,
          willRetry: false,
          errorMessage: OVERFLOW_RETRY_FAILED,
        });
        return none;
      }
      this.overflowRecoveryAttempted = true;
      const outcome = await this.run("overflow");
      return outcome.kind === "done" ? { compacted: true, retry: true } : none;
    }
    let tokens: number;
    if (message.stopReason === "error") {
      const estimate = estimateContextTokens(this.deps.session().buildContextMessages());
      if (estimate.lastUsageIndex === undefined) return none;
      tokens = estimate.tokens;
    } else {
      tokens = usageContextTokens(message.usage);
    }
    if (contextWindow <= 0 || tokens <= contextWindow - this.settings.reserveTokens) return none;
    const outcome = await this.run("threshold");
    return { compacted: outcome.kind === "done", retry: false };
  }

  private predatesLatestCompaction(message: AssistantMessage): boolean {
    const branch = this.deps.session().getBranch();
    for (let i = branch.length - 1; i >= 0; i--) {
      const entry = branch[i];
      if (entry?.type === "compaction") return message.timestamp <= Date.parse(entry.timestamp);
    }
    return false;
  }

  private async run(
    reason: CompactionReason,
    customInstructions?: string,
  ): Promise<{ kind: "done"; result: CompactionResult } | { kind: "failed"; error: Error }> {
    const controller = new AbortController();
    this.abortController = controller;
    this.deps.onCompactingChange?.(true);
    this.deps.emit({ type: "compaction_start", reason });
    try {
      const result = await this.summarize(reason, controller.signal, customInstructions);
      this.finish(controller);
      this.deps.emit({ type: "compaction_end", reason, result, aborted: false, willRetry: reason === "overflow" });
      return { kind: "done", result };
    } catch (caught) {
      const error = caught instanceof Error ? caught : new Error(String(caught));
      const aborted =
        error instanceof CompactionCancelledError || error.name === "AbortError" || controller.signal.aborted;
      const end: CompactionEndEvent = { type: "compaction_end", reason, aborted, willRetry: false };
      this.finish(controller);
      if (!aborted && !(error instanceof CompactionSkipped)) {
        const prefix =
          reason === "manual"
            ? "Compaction failed"
            : reason === "overflow"
              ? "Context overflow recovery failed"
              : "Auto-compaction failed";
        end.errorMessage = `${prefix}: ${error.message}`;
      }
      this.deps.emit(end);
      return { kind: "failed", error: aborted ? new CompactionCancelledError() : error };
    }
  }

  private finish(controller: AbortController): void {
    if (this.abortController !== controller) return;
    this.abortController = undefined;
    this.deps.onCompactingChange?.(false);
  }

  private async summarize(
    reason: CompactionReason,
    signal: AbortSignal,
    customInstructions?: string,
  ): Promise<CompactionResult> {
    const session = this.deps.session();
    const outcome = planCompaction(session.getBranch(), this.settings);
    const fail = (message: string): Error =>
      reason === "manual" ? new Error(message) : new CompactionSkipped(message);
    if (outcome.kind === "already_compacted") throw fail("Already compacted");
    if (outcome.kind === "too_small") throw fail("Nothing to compact (session too small)");
    const access = await this.deps.modelAccess();
    const ai = await ensurePiAi();
    if (!access) throw new Error("No model selected");
    const plan: CompactionPlan = outcome.plan;
    const preview: CompactionPreview = {
      preparation: { firstKeptEntryId: plan.firstKeptEntryId, tokensBefore: plan.tokensBefore },
      branchEntries: session.getBranch(),
      ...(customInstructions !== undefined ? { customInstructions } : {}),
      signal,
    };
    if (await this.deps.beforeCompact?.(preview)) throw new CompactionCancelledError();
    const common = {
      model: access.model,
      apiKey: access.apiKey,
      headers: access.headers,
      thinkingLevel: this.deps.thinkingLevel(),
      signal,
      complete: this.deps.complete ?? ((model, context, options) => ai.completeSimple(model, context, options)),
      retry: this.deps.retry?.() ?? DEFAULT_RETRY_SETTINGS,
      emit: (event: SummaryEvent) => this.deps.emit(event),
      attemptStart: { type: "summarization_retry_attempt_start", source: "compaction", reason } as const,
    };
    let usage: Usage | undefined;
    let summary: string;
    // History first, then the turn prefix: sequential so scripted models see a fixed order.
    if (plan.historyMessages.length > 0 || plan.turnPrefixMessages.length === 0) {
      const history = await requestSummary({
        ...common,
        maxTokens: Math.floor(0.8 * this.settings.reserveTokens),
        prompt: buildSummaryPrompt(plan.historyMessages, { previousSummary: plan.previousSummary, customInstructions }),
      });
      usage = addUsage(usage, history.usage);
      summary = history.text;
    } else {
      summary = "No prior history.";
    }
    if (plan.turnPrefixMessages.length > 0) {
      const prefix = await requestSummary({
        ...common,
        maxTokens: Math.floor(0.5 * this.settings.reserveTokens),
        prompt: buildSummaryPrompt(plan.turnPrefixMessages, { turnPrefix: true }),
      });
      usage = addUsage(usage, prefix.usage);
      summary = `${summary}\n\n---\n\n**Turn Context (split turn):**\n\n${prefix.text}`;
    }
    const { readFiles, modifiedFiles } = fileLists(plan.fileOps);
    summary += formatFileLists(readFiles, modifiedFiles);
    if (signal.aborted) throw new CompactionCancelledError();
    const details = { readFiles, modifiedFiles };
    const entry = session.appendCompaction(summary, plan.firstKeptEntryId, plan.tokensBefore, details);
    await this.deps.afterCompact?.({ compactionEntry: entry, fromExtension: false });
    const result: CompactionResult = {
      summary,
      firstKeptEntryId: plan.firstKeptEntryId,
      tokensBefore: plan.tokensBefore,
      estimatedTokensAfter: sumEstimatedTokens(session.buildContextMessages()),
      details,
    };
    if (usage) result.usage = usage;
    return result;
  }
}
