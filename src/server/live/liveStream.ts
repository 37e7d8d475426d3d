// GET /api/blogs/:id/live, the Server-Sent Events stream of a live post: the events a reconnecting reader missed
// (Last-Event-ID, or ?lastEventId= for clients that cannot set the header), exactly and in order, then the live ones
// from the process's hub. The stream bypasses Fastify's reply (and so the API's compression and ETag hook): it is
// written straight to the socket, one shared Buffer per event.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LIVE_LIMITS } from '../../contract/live';
import { limiterKey, networkKey } from '../http/clientAddress';
import { notFound } from '../http/errors';
import type { Db } from '../db/database';
import { API_HEADERS } from '../http/security';
import type { LiveWrites } from '../repositories/liveEventsRepository';
import { entriesVisible, publicPostIds, replayAfter } from '../repositories/liveRepository';
import { eventChunk, LiveHub, liveChunk } from './liveHub';
import type { LiveChunk, LiveReader } from './liveHub';

export type LiveStreamOptions = {
  /** LIVE_MAX_STREAMS: open streams this process holds at most; the next is a 503 */
  maxStreams: number;
  /** open streams one client address (limiterKey) holds at most; the next is a 429 */
  perAddress: number;
  /** open streams one IPv6 /48 (networkKey) holds at most; the next is a 429 */
  perNetwork: number;
  heartbeatMs: number;
  /** how often the posts being followed are checked to be still public: a trashed or unpublished one ends its streams */
  visibilityMs: number;
  /** SQLite: how often other processes' events are looked for */
  pollMs: number;
  /** the app's own live writes, which its hub hears of at once */
  writes: LiveWrites;
  now: () => number;
  warn: (message: string, error: unknown) => void;
};

export const DEFAULT_LIVE_STREAM_OPTIONS = {
  maxStreams: LIVE_LIMITS.streamsPerProcessDefault,
  perAddress: LIVE_LIMITS.streamsPerAddress,
  perNetwork: LIVE_LIMITS.streamsPerNetwork,
  heartbeatMs: LIVE_LIMITS.heartbeatMs,
  visibilityMs: 5_000,
  pollMs: 250,
} as const;

/** How long a refused reader should wait: the page polls ?after= meanwhile, as often as this. */
const RETRY_AFTER_S = String(LIVE_LIMITS.pollMs / 1000);

/** A reader this far behind (a socket that stopped reading) is cut: it reconnects and is replayed what it missed. */
const MAX_BUFFERED = 1024 * 1024;

const STREAM_HEADERS = {
  ...API_HEADERS,
  'content-type': 'text/event-stream; charset=utf-8',
  // Every byte is news: no cache may keep it and no proxy may hold it back (nginx reads X-Accel-Buffering).
  'cache-control': 'no-store',
  'x-accel-buffering': 'no',
  connection: 'keep-alive',
};

/** What a replay holds at most (entries changed, and the coverage); past it a `reset`: no more than an entries page. */
const REPLAY_MAX = LIVE_LIMITS.entriesPageMax;

/** Sent once the replay is: how long a browser waits before reconnecting (ms); from here on events are live. */
const CAUGHT_UP = liveChunk('retry: 2000\n\n');

const NOT_FOUND = notFound('Blog');

export class LiveStreams {
  readonly hub: LiveHub;
  private open = 0;
  /** Open streams by limiterKey, and by networkKey (IPv6 only) in the same map: the keys never meet. */
  private readonly perClient = new Map<string, number>();
  private readonly responses = new Set<() => void>();
  /** The open streams' ends, by post: a post no longer public ends them (see checkVisibility). */
  private readonly byPost = new Map<number, Set<() => void>>();
  private visibilityTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly options: LiveStreamOptions,
  ) {
    const { pollMs, heartbeatMs, writes, now, warn } = options;
    this.hub = new LiveHub(db, { pollMs, heartbeatMs, writes, now, warn });
  }

  start(): Promise<void> {
    this.visibilityTimer = setInterval(() => void this.checkVisibility(), this.options.visibilityMs);
    this.visibilityTimer.unref();
    return this.hub.start();
  }

  /** Ends every open stream (the server is closing: its readers reconnect to another process). */
  async stop(): Promise<void> {
    clearInterval(this.visibilityTimer);
    for (const end of [...this.responses]) end();
    await this.hub.stop();
  }

  /**
   * Ends the streams of every followed post that is no longer public (trashed, back to draft or in review, removed):
   * its readers' reconnects are then a 404, as a new reader's would be. One query for all the followed posts. Runs
   * every visibilityMs, and on each content change (app.ts), so the write that unpublishes a post ends its streams.
   */
  async checkVisibility(): Promise<void> {
    const followed = [...this.byPost.keys()];
    if (followed.length === 0) return;
    try {
      const visible = await publicPostIds(this.db, followed, new Date(this.options.now()));
      for (const postId of followed)
        if (!visible.has(postId)) for (const end of [...(this.byPost.get(postId) ?? [])]) end();
    } catch (error) {
      this.options.warn('live: the followed posts could not be checked', error);
    }
  }

  /** Streams open in this process now. */
  get count(): number {
    return this.open;
  }

  /** Serves post `postId`'s stream from after event `lastEventId` (undefined: live events only). */
  async serve(
    request: FastifyRequest,
    reply: FastifyReply,
    postId: number,
    lastEventId: number | undefined,
  ): Promise<void> {
    if (!(await entriesVisible(this.db, postId, { staff: false, now: new Date(this.options.now()) })))
      return void reply.code(404).send(NOT_FOUND);

    // Counted with no await between the check and the count, so a burst cannot pass the limits together.
    if (this.open >= this.options.maxStreams)
      return void reply
        .code(503)
        .header('retry-after', RETRY_AFTER_S)
        .send({ error: 'Too many live readers on this server right now: try again shortly' });
    const address = limiterKey(request.ip);
    if ((this.perClient.get(address) ?? 0) >= this.options.perAddress)
      return void reply.code(429).send({
        error: `Too many live streams from this address: at most ${this.options.perAddress} at a time`,
      });
    const network = networkKey(request.ip);
    if (network !== undefined && (this.perClient.get(network) ?? 0) >= this.options.perNetwork)
      return void reply.code(429).send({
        error: `Too many live streams from this network: at most ${this.options.perNetwork} at a time`,
      });
    this.open += 1;
    const counted = network === undefined ? [address] : [address, network];
    for (const key of counted) this.perClient.set(key, (this.perClient.get(key) ?? 0) + 1);

    reply.hijack();
    const response = reply.raw;
    let ended = false;
    /** Sent up to this seq; events at or below it are not sent again. */
    let sentSeq = lastEventId ?? 0;
    /** Events the hub delivered while the replay was being read; undefined once it is sent. */
    let waiting: [number, LiveChunk][] | undefined = [];
    /** Chunked (every HTTP/1.1 client): the prepared chunk goes straight to the socket; the response ends it. */
    let direct = false;
    const write = (chunk: LiveChunk) => {
      if (ended) return;
      const socket = response.socket;
      if (direct && socket !== null) {
        socket.write(chunk.framed);
        if (socket.writableLength > MAX_BUFFERED) socket.destroy();
        return;
      }
      response.write(chunk.text);
      if (response.writableLength > MAX_BUFFERED) response.destroy();
    };
    const reader: LiveReader = {
      deliver: (seq, chunk) => {
        if (waiting !== undefined) waiting.push([seq, chunk]);
        else if (seq > sentSeq) {
          sentSeq = seq;
          write(chunk);
        }
      },
      write,
      end: () => response.end(),
    };
    const cleanUp = () => {
      if (ended) return;
      ended = true;
      this.open -= 1;
      for (const key of counted) {
        const left = (this.perClient.get(key) ?? 1) - 1;
        if (left === 0) this.perClient.delete(key);
        else this.perClient.set(key, left);
      }
      this.hub.unsubscribe(postId, reader);
      this.responses.delete(endResponse);
      const ends = this.byPost.get(postId);
      ends?.delete(endResponse);
      if (ends?.size === 0) this.byPost.delete(postId);
    };
    const endResponse = () => {
      cleanUp();
      response.end();
    };
    this.responses.add(endResponse);
    const ends = this.byPost.get(postId) ?? new Set<() => void>();
    ends.add(endResponse);
    this.byPost.set(postId, ends);
    response.once('close', cleanUp);
    // A client gone while the post was looked up: its close came before anyone listened.
    if (response.socket === null || response.socket.destroyed) return cleanUp();
    response.socket?.setNoDelay(true);
    response.writeHead(200, STREAM_HEADERS);
    if (request.method === 'HEAD') return endResponse();
    response.flushHeaders();
    direct = response.chunkedEncoding;

    try {
      // Subscribed before the replay is read: whatever commits meanwhile comes from the hub, and seq dedupes.
      const followedFrom = await this.hub.subscribe(postId, reader);
      // Live events only: those the hub delivers from now on (what it delivered while subscribe finished included).
      if (lastEventId === undefined) sentSeq = Math.min(followedFrom, (waiting[0]?.[0] ?? followedFrom + 1) - 1);
      else {
        const missed = await replayAfter(this.db, postId, lastEventId, REPLAY_MAX);
        // The post may have left the public site while the replay was read: then nothing of it goes out.
        if (!(await entriesVisible(this.db, postId, { staff: false, now: new Date(this.options.now()) })))
          return endResponse();
        for (const event of missed)
          if (event.seq > sentSeq || event.kind === 'reset') {
            sentSeq = event.seq;
            write(eventChunk({ kind: event.kind, seq: event.seq, data: JSON.stringify(event.data) }));
          }
      }
    } catch (error) {
      this.options.warn('live: a stream could not start', error);
      return endResponse();
    }
    const held = waiting;
    waiting = undefined;
    for (const [seq, chunk] of held) reader.deliver(seq, chunk);
    write(CAUGHT_UP);
  }
}
