import { createSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';

export interface DnsServer {
  /** `127.0.0.1:<port>`, for SSO_DNS_SERVERS (`sso.dnsServers`). */
  address: string;
  /** TXT records by name (lower case, no trailing dot): what the test's "DNS provider" publishes. */
  txt: Map<string, string[]>;
  close(): Promise<void>;
}

/** The name a query asks for, and where its question ends. */
const questionOf = (msg: Buffer) => {
  const labels: string[] = [];
  let at = 12;
  while (msg[at] !== 0) {
    labels.push(msg.subarray(at + 1, at + 1 + msg[at]).toString('ascii'));
    at += msg[at] + 1;
  }
  return { name: labels.join('.').toLowerCase(), type: msg.readUInt16BE(at + 1), end: at + 5 };
};

/** One TXT answer: a pointer to the question's name, then the record's strings (255 bytes each at most). */
const txtAnswer = (value: string) => {
  const data = Buffer.from(value);
  const strings = [];
  for (let i = 0; i < data.length || i === 0; i += 255) {
    const part = data.subarray(i, i + 255);
    strings.push(Buffer.from([part.length]), part);
  }
  const rdata = Buffer.concat(strings);
  const head = Buffer.alloc(12);
  head.writeUInt16BE(0xc00c, 0);
  head.writeUInt16BE(16, 2);
  head.writeUInt16BE(1, 4);
  head.writeUInt32BE(60, 6);
  head.writeUInt16BE(rdata.length, 10);
  return Buffer.concat([head, rdata]);
};

/**
 * A DNS server on 127.0.0.1 (UDP) answering TXT questions from `txt`, and NXDOMAIN for names it
 * does not hold: enough for Node's resolver to prove a BU's domain as a real DNS server would.
 */
export const startDnsServer = async (): Promise<DnsServer> => {
  const txt = new Map<string, string[]>();
  const socket = createSocket('udp4');
  socket.on('message', (msg, peer) => {
    if (msg.length < 17) return;
    const q = questionOf(msg);
    const values = txt.get(q.name);
    const answers = q.type === 16 ? (values ?? []).map(txtAnswer) : [];
    const header = Buffer.alloc(12);
    msg.copy(header, 0, 0, 2);
    // A response to a recursive query, recursion available; NXDOMAIN for an unknown name.
    header.writeUInt16BE(values ? 0x8180 : 0x8183, 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    socket.send(Buffer.concat([header, msg.subarray(12, q.end), ...answers]), peer.port, peer.address);
  });
  await new Promise<void>((r) => socket.bind(0, '127.0.0.1', r));
  return {
    address: `127.0.0.1:${(socket.address() as AddressInfo).port}`,
    txt,
    close: () => new Promise((r) => socket.close(() => r())),
  };
};
