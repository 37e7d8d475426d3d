// One hub per process: it learns of new events of the posts its streams follow and writes each event, serialized once
// into one Buffer, to every stream of that post. Other processes' events arrive by PostgreSQL's LISTEN/NOTIFY (a
// connection of its own, reconnected when it drops) or, on SQLite, by one indexed poll per process every pollMs; the
// app's own writes are read at once (its LiveWrites tells the hub).
import { Client } from 'pg';
import type { Db } from '../db/database';
import {
  eventsAfter,
  LIVE_CHANNEL,
  latestLiveEventId,
  lastRowId,
  rowsAfter,
} from '../repositories/liveEventsRepository';
import type { LiveEventRow, LiveWrites } from '../repositories/liveEventsRepository';
import { publicPostIds } from '../repositories/liveRepository';

/**
 * Stream bytes prepared once for every reader: the text, and the text framed as an HTTP/1.1 chunk, which a reader
 * writes straight to its socket (one write, no framing of its own: the fan-out to 10,000 sockets is this loop).
 */
export type LiveChunk = { text: Buffer; framed: Buffer };

export function liveChunk(text: string): LiveChunk {
  const bytes = Buffer.from(text);
  return {
    text: bytes,
    framed: Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]),
  };
}

/** A stream as the hub sees it. */
export type LiveReader = {
  /** one event of its post, `chunk` shared by every reader */
  deliver: (seq: number, chunk: LiveChunk) => void;
  /** a comment line, so proxies and the client know the stream is alive */
  write: (chunk: LiveChunk) => void;
  /** the server is closing: end the response */
  end: () => void;
};

type Channel = {
  readers: Set<LiveReader>;
  /** the newest seq delivered */
  lastSeq: number;
  /** set once lastSeq is known */
  ready: Promise<void>;
  reading: boolean;
  again: boolean;
};

export type LiveHubOptions = {
  /** SQLite: how often the table is polled for other processes' events */
  pollMs: number;
  heartbeatMs: number;
  /** the app's own live writes (SQLite reads them at once, without waiting for the poll) */
  writes: LiveWrites;
  /** the clock a post's publishAt is compared with */
  now: () => number;
  /** where a dropped listener or a failed read is reported */
  warn: (message: string, error: unknown) => void;
};

const HEARTBEAT = liveChunk(':\n\n');
/** Rows one SQLite poll reads at most; the next poll goes on from there. */
const POLL_ROWS = 5_000;
/** How long a dropped LISTEN connection waits before connecting again. */
const RECONNECT_MS = 1_000;

/** The stream text of one event: written once, sent to every reader. */
export function eventChunk(row: Pick<LiveEventRow, 'seq' | 'data'> & { kind: string }): LiveChunk {
  return liveChunk(`event: ${row.kind}\nid: ${row.seq}\ndata: ${row.data}\n\n`);
}

export class LiveHub {
  private readonly channels = new Map<number, Channel>();
  private readonly timers: NodeJS.Timeout[] = [];
  private stopped = false;
  private lastId = 0;
  private polling = false;
  private pollAgain = false;
  private listener: Client | undefined;
  private stopHearing = () => {};

  constructor(
    private readonly db: Db,
    private readonly options: LiveHubOptions,
  ) {}

  async start(): Promise<void> {
    const heartbeat = setInterval(() => {
      for (const channel of this.channels.values()) for (const reader of channel.readers) reader.write(HEARTBEAT);
    }, this.options.heartbeatMs);
    heartbeat.unref();
    this.timers.push(heartbeat);
    if (this.db.dialect === 'postgres') {
      await this.listen();
      return;
    }
    this.lastId = await lastRowId(this.db.kysely);
    const poll = setInterval(() => void this.poll(), this.options.pollMs);
    poll.unref();
    this.timers.push(poll);
    this.stopHearing = this.options.writes.listen(() => void this.poll());
  }

  /** Ends every stream and stops listening. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    this.stopHearing();
    for (const channel of this.channels.values()) for (const reader of channel.readers) reader.end();
    this.channels.clear();
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
  }

  /**
   * Adds a reader of post `postId`: from when this resolves it is given every event of the post that commits after
   * the hub last read it (an event may come both here and in a replay read after this; the reader dedupes by seq).
   * Resolves with that last seq: every event after it reaches the reader.
   */
  async subscribe(postId: number, reader: LiveReader): Promise<number> {
    let channel = this.channels.get(postId);
    if (channel === undefined) {
      const created: Channel = {
        readers: new Set(),
        lastSeq: 0,
        ready: Promise.resolve(),
        reading: false,
        again: false,
      };
      created.ready = latestLiveEventId(this.db.kysely, postId).then((seq) => {
        created.lastSeq = seq;
      });
      this.channels.set(postId, created);
      channel = created;
      // What committed while lastSeq was being read is read now. A failed read fails this channel's readers (their
      // subscribe throws and they end); the next reader of the post starts a new channel.
      created.ready.then(
        () => void this.catchUp(postId),
        () => {
          if (this.channels.get(postId) === created) this.channels.delete(postId);
        },
      );
    }
    channel.readers.add(reader);
    await channel.ready;
    return channel.lastSeq;
  }

  unsubscribe(postId: number, reader: LiveReader): void {
    const channel = this.channels.get(postId);
    if (channel === undefined) return;
    channel.readers.delete(reader);
    if (channel.readers.size === 0) this.channels.delete(postId);
  }

  /** Reads post `postId`'s events after the last one delivered and delivers them; one read per post at a time. */
  private async catchUp(postId: number): Promise<void> {
    const channel = this.channels.get(postId);
    if (channel === undefined) return;
    if (channel.reading) {
      channel.again = true;
      return;
    }
    channel.reading = true;
    try {
      await channel.ready;
      do {
        channel.again = false;
        const rows = await eventsAfter(this.db.kysely, postId, channel.lastSeq);
        // The log no longer holds what followed lastSeq: the readers reconnect, and their replay says 'reset'.
        if (rows === 'reset') {
          for (const reader of channel.readers) reader.end();
          return;
        }
        const fresh = rows.filter((row) => row.seq > channel.lastSeq);
        if (fresh.length === 0) continue;
        // Checked after the read, on every process: what was written once the post left the public site (unpublished,
        // trashed) never goes out, and its readers end (their reconnect is a 404).
        const visible = await publicPostIds(this.db, [postId], new Date(this.options.now()));
        if (!visible.has(postId)) {
          channel.lastSeq = fresh[fresh.length - 1]!.seq;
          for (const reader of [...channel.readers]) reader.end();
          return;
        }
        for (const row of fresh) {
          if (row.seq <= channel.lastSeq) continue;
          channel.lastSeq = row.seq;
          const chunk = eventChunk(row);
          for (const reader of channel.readers) reader.deliver(row.seq, chunk);
        }
      } while (channel.again && !this.stopped);
    } catch (error) {
      if (!this.stopped) this.options.warn('live: reading new events failed; the next one retries', error);
    } finally {
      channel.reading = false;
    }
  }

  /** SQLite: one query for rows newer than the last seen, then a catch-up of each followed post they belong to. */
  private async poll(): Promise<void> {
    if (this.stopped) return;
    if (this.polling) {
      this.pollAgain = true;
      return;
    }
    this.polling = true;
    try {
      do {
        this.pollAgain = false;
        const rows = await rowsAfter(this.db.kysely, this.lastId, POLL_ROWS);
        if (rows.length === 0) continue;
        this.lastId = rows[rows.length - 1]!.id;
        if (rows.length === POLL_ROWS) this.pollAgain = true;
        for (const postId of new Set(rows.map((row) => row.postId)))
          if (this.channels.has(postId)) void this.catchUp(postId);
      } while (this.pollAgain && !this.stopped);
    } catch (error) {
      if (!this.stopped) this.options.warn('live: polling for new events failed; the next poll retries', error);
    } finally {
      this.polling = false;
    }
  }

  /** PostgreSQL: LISTEN on a connection of its own; when it drops, connect again and catch up every followed post. */
  private async listen(): Promise<void> {
    if (this.stopped || this.db.url === undefined) return;
    const client = new Client({ connectionString: this.db.url });
    let dropped = false;
    const drop = (error: unknown) => {
      if (dropped) return;
      dropped = true;
      if (this.listener === client) this.listener = undefined;
      void client.end().catch(() => undefined);
      if (this.stopped) return;
      this.options.warn('live: the LISTEN connection dropped; connecting again', error);
      const timer = setTimeout(() => void this.listen(), RECONNECT_MS);
      timer.unref();
    };
    client.on('error', drop);
    client.on('end', () => drop(new Error('connection ended')));
    client.on('notification', (message) => {
      const postId = Number(message.payload);
      if (this.channels.has(postId)) void this.catchUp(postId);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${LIVE_CHANNEL}`);
    } catch (error) {
      drop(error);
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.listener = client;
    // Events that committed while nobody listened.
    for (const postId of this.channels.keys()) void this.catchUp(postId);
  }
}
