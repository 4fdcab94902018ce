import autocannon from 'autocannon';

/**
 * A load generator in a process of its own (bench/openapi.ts forks it at the lowest CPU priority):
 * it stands in for clients on other machines, so on a 2-core bench box the flood's own parsing
 * does not take the server's or the measured client's core. Options come as JSON in argv[2]; the
 * result goes back over IPC.
 */
const opts = JSON.parse(process.argv[2]) as autocannon.Options;
const result = await autocannon(opts);
process.send?.({ requests: result.requests.average, bytes: result.throughput.average, non2xx: result.non2xx, errors: result.errors });
process.disconnect?.();
