/**
 * A bench server's resident memory, sampled every 10 ms, answered over IPC: `reset` collects
 * garbage, waits and answers the idle figure; `peak` answers the highest since. Other messages go to
 * `other` (a server's own measurements).
 */
export const answerMemoryPeaks = (other: (m: string) => Promise<void> = async () => undefined) => {
  let peak = 0;
  const sample = () => (peak = Math.max(peak, process.memoryUsage().rss));
  setInterval(sample, 10).unref();
  process.on('message', async (m: string) => {
    if (m === 'reset') {
      globalThis.gc?.();
      await new Promise((r) => setTimeout(r, 200));
      peak = 0;
      sample();
      process.send?.({ idle: process.memoryUsage().rss });
    } else if (m === 'peak') {
      sample();
      process.send?.({ peak });
    } else await other(m);
  });
};
