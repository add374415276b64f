import { createServer, type Server, type Socket } from 'node:net';
import { once } from 'node:events';
import { BSON, type Document } from 'mongodb';

/**
 * A MongoDB wire-protocol responder for recorded exchanges: it answers the driver's handshake and
 * heartbeats (`hello`, legacy OP_QUERY then OP_MSG), `ping` and `endSessions` itself, and answers every
 * other command with the next recorded reply, keeping what the driver sent. Message layouts follow the
 * MongoDB Wire Protocol reference (OP_MSG 2013, OP_QUERY 2004, OP_REPLY 1).
 */
const OP_REPLY = 1;
const OP_QUERY = 2004;
const OP_MSG = 2013;

/** Fields the driver adds to every command; not part of what the adapter decides. */
const TRANSPORT_FIELDS = ['$db', 'lsid', '$clusterTime', '$readPreference', 'txnNumber', 'apiVersion'];

/** A standalone server's `hello` reply (fields as the `hello` command reference lists them; wire version 21 = MongoDB 7.0). */
function helloReply(connectionId: number): Document {
  return {
    helloOk: true,
    isWritablePrimary: true,
    maxBsonObjectSize: 16_777_216,
    maxMessageSizeBytes: 48_000_000,
    maxWriteBatchSize: 100_000,
    localTime: new Date(),
    logicalSessionTimeoutMinutes: 30,
    connectionId,
    minWireVersion: 0,
    maxWireVersion: 21,
    readOnly: false,
    ok: 1,
  };
}

export interface RecordedCommand {
  /** The command as the adapter should send it (transport fields left out). */
  readonly request: Document;
  readonly reply: Document;
}

function header(length: number, requestId: number, responseTo: number, opCode: number): Buffer {
  const b = Buffer.alloc(16);
  b.writeInt32LE(length, 0);
  b.writeInt32LE(requestId, 4);
  b.writeInt32LE(responseTo, 8);
  b.writeInt32LE(opCode, 12);
  return b;
}

function opMsg(requestId: number, responseTo: number, doc: Document): Buffer {
  const body = Buffer.from(BSON.serialize(doc));
  const flags = Buffer.alloc(4);
  const kind = Buffer.from([0]);
  const length = 16 + 4 + 1 + body.length;
  return Buffer.concat([header(length, requestId, responseTo, OP_MSG), flags, kind, body]);
}

function opReply(requestId: number, responseTo: number, doc: Document): Buffer {
  const body = Buffer.from(BSON.serialize(doc));
  const fixed = Buffer.alloc(20);
  fixed.writeInt32LE(0, 0); // responseFlags
  fixed.writeBigInt64LE(0n, 4); // cursorID
  fixed.writeInt32LE(0, 12); // startingFrom
  fixed.writeInt32LE(1, 16); // numberReturned
  return Buffer.concat([header(16 + 20 + body.length, requestId, responseTo, OP_REPLY), fixed, body]);
}

/** The command document of an OP_MSG (section kind 0, with any kind-1 document sequences folded in). */
function parseOpMsg(msg: Buffer): Document {
  let offset = 20; // header + flagBits
  const flags = msg.readUInt32LE(16);
  const end = flags & 1 ? msg.length - 4 : msg.length;
  let command: Document = {};
  const sequences: Record<string, Document[]> = {};
  while (offset < end) {
    const kind = msg[offset]!;
    offset += 1;
    if (kind === 0) {
      const size = msg.readInt32LE(offset);
      command = BSON.deserialize(msg.subarray(offset, offset + size));
      offset += size;
    } else {
      const size = msg.readInt32LE(offset);
      const sectionEnd = offset + size;
      let p = offset + 4;
      const nul = msg.indexOf(0, p);
      const id = msg.toString('utf8', p, nul);
      p = nul + 1;
      const docs: Document[] = [];
      while (p < sectionEnd) {
        const docSize = msg.readInt32LE(p);
        docs.push(BSON.deserialize(msg.subarray(p, p + docSize)));
        p += docSize;
      }
      sequences[id] = docs;
      offset = sectionEnd;
    }
  }
  return { ...command, ...sequences };
}

function parseOpQuery(msg: Buffer): Document {
  const nul = msg.indexOf(0, 20);
  const at = nul + 1 + 8; // collection name, numberToSkip, numberToReturn
  return BSON.deserialize(msg.subarray(at, at + msg.readInt32LE(at)));
}

export interface MongoReplay {
  readonly uri: string;
  /** Commands the driver sent beyond handshake, heartbeats, ping and endSessions, transport fields removed. */
  readonly received: Document[];
  close(): Promise<void>;
}

export async function startMongoReplay(exchanges: readonly RecordedCommand[]): Promise<MongoReplay> {
  const received: Document[] = [];
  const sockets = new Set<Socket>();
  let nextRequestId = 1;
  let connections = 0;
  const answer = (command: Document, connectionId: number): Document => {
    const name = Object.keys(command)[0] ?? '';
    if (name === 'hello' || name.toLowerCase() === 'ismaster') return helloReply(connectionId);
    if (name === 'ping' || name === 'endSessions') return { ok: 1 };
    const cleaned = Object.fromEntries(Object.entries(command).filter(([k]) => !TRANSPORT_FIELDS.includes(k)));
    received.push(BSON.EJSON.serialize(cleaned, { relaxed: true }) as Document);
    return exchanges[received.length - 1]?.reply ?? { ok: 0, errmsg: `no recorded reply for command ${name}`, code: 59, codeName: 'CommandNotFound' };
  };
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    const connectionId = ++connections;
    let buffered = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      while (buffered.length >= 4 && buffered.length >= buffered.readInt32LE(0)) {
        const length = buffered.readInt32LE(0);
        const msg = buffered.subarray(0, length);
        buffered = buffered.subarray(length);
        const requestId = msg.readInt32LE(4);
        const opCode = msg.readInt32LE(12);
        if (opCode === OP_QUERY) socket.write(opReply(nextRequestId++, requestId, answer(parseOpQuery(msg), connectionId)));
        else if (opCode === OP_MSG) socket.write(opMsg(nextRequestId++, requestId, answer(parseOpMsg(msg), connectionId)));
        else socket.destroy();
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    uri: `mongodb://127.0.0.1:${port}/?directConnection=true`,
    received,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
