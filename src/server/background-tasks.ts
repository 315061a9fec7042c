// Work a request starts but does not wait for (re-scoring matches after a profile save, learning
// from a decision). Each task runs after the response, its failure is logged rather than lost,
// and shutdown waits for what is in flight so no half-done write is cut off. Tests await idle()
// instead of sleeping.
interface Logger {
  error(obj: unknown, msg?: string): void;
}

export interface BackgroundTasks {
  /** Starts `task` now without awaiting it; `name` labels it in the log if it fails. */
  run(name: string, task: () => Promise<unknown>): void;
  /** Resolves once every task started so far (and any they start) has settled. */
  idle(): Promise<void>;
}

export function createBackgroundTasks(logger: Logger): BackgroundTasks {
  const inFlight = new Set<Promise<unknown>>();
  return {
    run(name, task) {
      const running = Promise.resolve()
        .then(task)
        .catch((error: unknown) => logger.error({ err: error, task: name }, `Background task "${name}" failed`))
        .finally(() => inFlight.delete(running));
      inFlight.add(running);
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
