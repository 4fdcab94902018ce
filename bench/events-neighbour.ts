import { start } from './load.ts';

/**
 * Events beside a slow neighbour (docs/events.md, "Figures"): one app's commit-to-receipt at 20
 * adds a second for 10 s, alone and then while another BU's app, whose receiver answers each push
 * in 2.5 s, keeps a backlog, both in the same run on bench/events-server.ts. Run by `npm run bench`
 * on its events server; `npx tsx bench/events-neighbour.ts` runs it alone on a server of its own.
 */

interface Latency {
  sent: number;
  received: number;
  p50: number;
  p99: number;
}
interface Beside {
  alone: Latency;
  withNeighbour: Latency;
  neighbour: { slowMs: number; slots: number; peak: number; answered: number; backlogBefore: number; backlogAfter: number };
}

export const benchEventNeighbour = async (server?: Awaited<ReturnType<typeof start>>) => {
  const events = server ?? (await start('./events-server.ts'));
  try {
    // A server of its own is warmed up first, as the throughput runs warm up `npm run bench`'s, and
    // past the embedded database's first statistics refresh (10 s after it opens).
    if (!server) {
      events.child.send({ latency: { rate: 20, seconds: 10 } });
      await new Promise((done) => events.child.once('message', done));
    }
    events.child.send({ neighbour: { rate: 20, seconds: 10 } });
    const { neighbour: r } = await new Promise<{ neighbour: Beside }>((done) => events.child.once('message', done as never));
    const ms = (l: Latency) => `p50 ${l.p50.toFixed(1)} ms, p99 ${l.p99.toFixed(1)} ms, ${l.received} of ${l.sent} received`;
    const met = r.withNeighbour.p99 <= 100 && r.withNeighbour.received === r.withNeighbour.sent;
    const n = r.neighbour;
    console.log(`Commit to receipt at 20 adds/s for 10 s beside a slow neighbour: ${ms(r.withNeighbour)} (target p99 <= 100 ms) ${met ? 'MET' : 'NOT MET'}`);
    console.log(`  the same with no neighbour, this run: ${ms(r.alone)} (measured from each add's start)`);
    console.log(`  the neighbour: another BU's app answering each push in ${n.slowMs / 1000} s, its backlog ${n.backlogBefore} events at the start and ${n.backlogAfter} at the end; its receiver held at most ${n.peak} pushes at once (APP_IN_FLIGHT ${n.slots}) and answered ${n.answered}`);
  } finally {
    if (!server) {
      events.child.disconnect();
      await new Promise((done) => (events.child.exitCode !== null ? done(null) : events.child.once('exit', done)));
    }
  }
};

if (process.argv[1]?.endsWith('events-neighbour.ts')) await benchEventNeighbour();
