import protobuf from 'protobufjs';

/**
 * The frames of Lark's long connection, as `@larksuiteoapi/node-sdk`'s WSClient speaks them: its
 * `pbbp2.Frame` protobuf (proto2, every frame binary), declared here field for field. `method` 0 is
 * a control frame (headers `type: ping | pong`), 1 a data frame (`type: event`, the event's JSON
 * bytes cut into `sum` fragments numbered by `seq` under one `message_id`). The client answers a
 * data frame with the same frame, its payload replaced by `{"code": 200}` (or 500 when its
 * handler threw): the acknowledgement.
 */
const root = protobuf.Root.fromJSON({
  nested: {
    pbbp2: {
      nested: {
        Header: { fields: { key: { rule: 'required', type: 'string', id: 1 }, value: { rule: 'required', type: 'string', id: 2 } } },
        Frame: {
          fields: {
            SeqID: { rule: 'required', type: 'uint64', id: 1 },
            LogID: { rule: 'required', type: 'uint64', id: 2 },
            service: { rule: 'required', type: 'int32', id: 3 },
            method: { rule: 'required', type: 'int32', id: 4 },
            headers: { rule: 'repeated', type: 'Header', id: 5 },
            payloadEncoding: { type: 'string', id: 6 },
            payloadType: { type: 'string', id: 7 },
            payload: { type: 'bytes', id: 8 },
            LogIDNew: { type: 'string', id: 9 },
          },
        },
      },
    },
  },
});
const FrameType = root.lookupType('pbbp2.Frame');

export const METHOD = { control: 0, data: 1 } as const;

export interface Frame {
  SeqID: number;
  LogID: number;
  service: number;
  method: number;
  headers: { key: string; value: string }[];
  payload?: Uint8Array;
}

export const encodeFrame = (f: Frame) => FrameType.encode(FrameType.fromObject(f)).finish();

export const decodeFrame = (bytes: Uint8Array): Frame => {
  const o = FrameType.toObject(FrameType.decode(bytes), { longs: Number, defaults: true }) as Frame;
  return { ...o, headers: o.headers ?? [] };
};

/**
 * How many headers a frame's bytes hold, counted by skipping over its fields without decoding any
 * (so a frame of thousands of empty headers costs no allocation); stops counting past `max`.
 * Throws on bytes that are not a protobuf message.
 */
export const headerCount = (bytes: Uint8Array, max: number) => {
  const r = protobuf.Reader.create(bytes);
  let n = 0;
  while (r.pos < r.len) {
    const tag = r.uint32();
    if (tag >>> 3 === 5 && ++n > max) return n;
    r.skipType(tag & 7);
  }
  return n;
};

/** A frame's headers as a record (later keys win, as in the SDK). */
export const headersOf = (f: Frame) => Object.fromEntries(f.headers.map((h) => [h.key, h.value])) as Record<string, string | undefined>;

/** Events longer than this go in several data frames (the SDK joins them by `message_id`, `sum` and `seq`). */
export const FRAGMENT_BYTES = 32 * 1024;

/** One event's data frames: the body's bytes in FRAGMENT_BYTES pieces, each carrying `extra` headers too (the push's signature headers). */
export const eventFrames = (service: number, messageId: string, body: string, extra: Record<string, string> = {}): Frame[] => {
  const bytes = Buffer.from(body, 'utf8');
  const sum = Math.max(1, Math.ceil(bytes.length / FRAGMENT_BYTES));
  return Array.from({ length: sum }, (_, seq) => ({
    SeqID: 0,
    LogID: 0,
    service,
    method: METHOD.data,
    headers: [
      { key: 'type', value: 'event' },
      { key: 'message_id', value: messageId },
      { key: 'sum', value: String(sum) },
      { key: 'seq', value: String(seq) },
      { key: 'trace_id', value: messageId },
      ...Object.entries(extra).map(([key, value]) => ({ key, value })),
    ],
    payload: bytes.subarray(seq * FRAGMENT_BYTES, (seq + 1) * FRAGMENT_BYTES),
  }));
};

/** A control frame: `ping` from the client, `pong` (with the connection's settings as JSON) from the server. */
export const controlFrame = (service: number, type: 'ping' | 'pong', payload?: unknown): Frame => ({
  SeqID: 0,
  LogID: 0,
  service,
  method: METHOD.control,
  headers: [{ key: 'type', value: type }],
  ...(payload === undefined ? {} : { payload: Buffer.from(JSON.stringify(payload)) }),
});
