// The process's log (docs/operations.md §8): one JSON object per line on stdout, at LOG_LEVEL. The
// request lines are written by the server (server/request-log.ts) through the logger the app hands
// it (serverSettings), its rate-limited error lines too; the app's own warnings and errors go through
// the same logger (logWarning, logError), with the id of the request being answered.
// Nothing personal or secret is ever a field: no cookie, header, query value, body or client address.
import pino, { type Logger } from "pino";
import { config } from "./config.server";
import { currentRequestId } from "./request-scope.server";

let instance: Logger | undefined;

/**
 * Values of secret-looking parameters inside a text (a failed request's URL or form in an error
 * message, an answer quoted as JSON), replaced: tokens, passwords, sessions, an OAuth login's code,
 * state and app secret.
 */
const SECRET_PARAMETER = /\b(access_token|client_secret|token|password|pw|secret|session|sid|ot_sid|code|state)=[^&\s"']+/gi;
const SECRET_JSON_FIELD = /"(access_token|client_secret|token|password|pw|secret|code|state)"(\s*:\s*)"(?:[^"\\]|\\.)*"/gi;

export function withoutSecrets(text: string) {
  return text.replace(SECRET_PARAMETER, "$1=[redacted]").replace(SECRET_JSON_FIELD, '"$1"$2"[redacted]"');
}

/** An error as a log field: its name, code, message and stack, secret-looking parameters blanked. */
function serializeError(error: unknown) {
  if (!(error instanceof Error)) return { message: withoutSecrets(String(error)) };
  const { code } = error as NodeJS.ErrnoException;
  return {
    type: error.name,
    ...(code ? { code } : {}),
    message: withoutSecrets(error.message),
    stack: withoutSecrets(error.stack ?? ""),
  };
}

type Level = ReturnType<typeof config>["LOG_LEVEL"];

/** A logger writing this site's lines to `destination`: ISO times, the level by name, errors without secrets. */
export function createLogger(level: Level, destination: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      // The journal already records the process and the host.
      base: null,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: serializeError },
    },
    destination,
  );
}

/**
 * Where the lines go: stdout, unless a test harness named its own destination before the first line
 * (tests/support/log-guard.ts reads every warning and error of the app that way).
 */
let destination: pino.DestinationStream | undefined;

/** Sends the log to `stream` instead of stdout; only before the first line (a later change would split the log). */
export function sendLogTo(stream: pino.DestinationStream) {
  if (instance && destination !== stream) throw new Error("the log already writes elsewhere");
  destination = stream;
}

/**
 * Lines are written in batches of about 32 KiB (half a pipe's buffer), and at least every quarter of
 * a second (docs/performance.md, "Stored pages at the machine's limit"): each write to the journal's
 * pipe wakes its reader, and in 4 KiB batches the writes were still a tenth of a stored page's time.
 */
const BATCH_BYTES = 32 * 1024;
const BATCH_WAIT_MS = 250;

/**
 * The process's logger, made once from the validated LOG_LEVEL. Lines go to stdout (the service
 * manager's journal) in batches gathered here, each batch one write of pino's writer: written one by
 * one on libuv's thread pool, each line cost cached pages about a third of their rate, and even held
 * back in that writer each line still cost about 1.9 µs in it; handed over 4 KiB at a time and written
 * at once, 0.4 µs (less in the larger batches above), and a journal that stops reading slows the site
 * instead of filling its memory (docs/performance.md, "Stored pages at the machine's limit"). A line
 * waits at most a quarter of a second; what is pending is written when the process exits (a SIGKILL
 * loses at most that quarter second).
 */
export function logger(): Logger {
  instance ??= createLogger(config().LOG_LEVEL, destination ?? inBatches(pino.destination({ dest: 1, sync: true })));
  return instance;
}

/** A stream that gathers lines and hands them to `writer` about BATCH_BYTES at a time (at most BATCH_WAIT_MS later). */
function inBatches(writer: ReturnType<typeof pino.destination>): pino.DestinationStream {
  let lines: string[] = [];
  let length = 0;
  let timer: NodeJS.Timeout | undefined;
  const handOver = () => {
    clearTimeout(timer);
    timer = undefined;
    if (lines.length === 0) return;
    const text = lines.join("");
    lines = [];
    length = 0;
    writer.write(text);
  };
  // Whatever is gathered when the process exits is written then.
  process.once("exit", () => {
    if ((writer as unknown as { destroyed: boolean }).destroyed || lines.length === 0) return;
    handOver();
    writer.flushSync();
  });
  return {
    write(line: string) {
      lines.push(line);
      length += line.length;
      if (length >= BATCH_BYTES) handOver();
      else timer ??= setTimeout(handOver, BATCH_WAIT_MS).unref();
    },
  };
}

/**
 * Something went wrong that the app answered anyway (Instagram away, a share image not made): one
 * `warn` line. `msg` says what, the same words every time (the log is searched by it); `fields` say
 * about which (an `err` field is logged with its stack, secrets blanked).
 */
export function logWarning(msg: string, fields: Record<string, unknown> = {}) {
  logger().warn({ ...fields, requestId: currentRequestId() }, msg);
}

/** A failure the app could not answer (the visitor gets the 500 page or SERVER_ERROR): one `error` line with its stack. */
export function logError(msg: string, err: unknown, requestId = currentRequestId()) {
  logger().error({ err, requestId }, msg);
}
