// Connections (issue 28, point 3; docs/architecture.md §7.3): no client, however many sockets it opens
// and holds without a word, can shut other visitors out. The server counts its open sockets itself
// (Node's own `maxConnections` refuses the newcomer, which is exactly the visitor an idle flood shuts
// out): one client address may hold only a share of them, and when they are all taken a newcomer
// takes the place of an idle one (no request under way), from the address holding the most, oldest
// first. A socket that sends nothing, or its headers too slowly, is closed after HEADERS_TIMEOUT_MS,
// checked every second; an idle kept-alive one after 5 s.
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { ProxyTrust } from "./request";

export type ConnectionLimits = { maxConnections: number; headersTimeoutMs: number; requestTimeoutMs: number };

/** How often Node looks for sockets past their headers or request timeout (its default, 30 s, let an idle socket live 50 s). */
export const CONNECTIONS_CHECKING_INTERVAL_MS = 1_000;
/** An idle kept-alive connection is closed after this long (a browser opens a new one when it needs it). */
const KEEP_ALIVE_TIMEOUT_MS = 5_000;

/**
 * The most sockets one address may hold: a quarter of the limit, and at least 8 (a browser opens
 * six to a host; a family or a classroom behind one address opens more). A proxy TRUST_PROXY trusts
 * speaks for many clients and is not held to it; it keeps its own limit per client (deploy/).
 */
export function connectionsPerAddress(maxConnections: number) {
  return Math.max(8, Math.floor(maxConnections / 4));
}

/**
 * A newcomer is not made to give its place for this long after it connected: a visitor's first
 * request may take a moment to arrive (a slow phone, a busy machine), and a flood reopening its
 * sockets would otherwise take back the place it just gave up.
 */
const NEWCOMER_GRACE_MS = 2_000;

type Connection = { address: string; requestsUnderWay: number; openedAt: number };

export function applyConnectionLimits(
  server: Server,
  { maxConnections, headersTimeoutMs, requestTimeoutMs }: ConnectionLimits,
  trust: ProxyTrust,
) {
  server.headersTimeout = headersTimeoutMs;
  server.requestTimeout = requestTimeoutMs;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  const perAddress = connectionsPerAddress(maxConnections);
  /** Every open socket, oldest first. */
  const open = new Map<Socket, Connection>();
  const heldBy = new Map<string, number>();

  function forget(socket: Socket) {
    const connection = open.get(socket);
    if (!connection) return;
    open.delete(socket);
    const held = (heldBy.get(connection.address) ?? 1) - 1;
    if (held === 0) heldBy.delete(connection.address);
    else heldBy.set(connection.address, held);
  }

  /**
   * Closes the idle socket that `mayClose` allows, of the address holding the most, oldest first; a
   * newcomer in its grace only when `evenNewcomers` and no older one is idle. False when there is none.
   */
  function closeAnIdleOne(mayClose: (connection: Connection) => boolean, evenNewcomers: boolean) {
    const graceEnds = Date.now() - NEWCOMER_GRACE_MS;
    let chosen: Socket | undefined;
    let chosenRank = 0;
    for (const [socket, connection] of open) {
      if (connection.requestsUnderWay > 0 || !mayClose(connection)) continue;
      const newcomer = connection.openedAt > graceEnds;
      if (newcomer && !evenNewcomers) continue;
      // Past its grace before any newcomer; then the address holding the most; among equals the oldest (the first seen).
      const rank = (newcomer ? 0 : maxConnections + 1) + (heldBy.get(connection.address) ?? 0);
      if (rank > chosenRank) [chosen, chosenRank] = [socket, rank];
    }
    if (!chosen) return false;
    forget(chosen);
    chosen.destroy();
    return true;
  }

  server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress ?? "";
    const shared = trust(address, 0);
    // An address at its share gives up one of its own idle sockets, never one that just came: a
    // flood reopening its sockets is refused rather than taking back the place a visitor just got.
    if (!shared && (heldBy.get(address) ?? 0) >= perAddress && !closeAnIdleOne((connection) => connection.address === address, false)) {
      socket.destroy();
      return;
    }
    if (open.size >= maxConnections && !closeAnIdleOne(() => true, true)) {
      socket.destroy();
      return;
    }
    open.set(socket, { address, requestsUnderWay: 0, openedAt: Date.now() });
    heldBy.set(address, (heldBy.get(address) ?? 0) + 1);
    socket.once("close", () => forget(socket));
  });

  // One listener for every request (`on`: "close" comes once), not a closure each.
  function answered(this: ServerResponse) {
    const connection = open.get(this.req.socket);
    if (connection) connection.requestsUnderWay--;
  }
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const connection = open.get(req.socket);
    if (!connection) return;
    connection.requestsUnderWay++;
    res.on("close", answered);
  });
  return server;
}
