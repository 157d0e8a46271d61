// The process's log (docs/operations.md §8): one JSON object per line on stdout, at LOG_LEVEL. The
// request lines are written by the server (server/request-log.ts); its rate-limited error lines too.
// Nothing personal or secret is ever a field: no cookie, header, query value, body or client address.
import pino, { type Logger } from "pino";
import { config } from "./config.server";

let instance: Logger | undefined;

/** Values of secret-looking parameters inside a text (a failed request's URL in an error message), replaced. */
const SECRET_PARAMETER = /\b(access_token|token|password|pw|secret|session|sid|ot_sid|code)=[^&\s"']+/gi;

export function withoutSecrets(text: string) {
  return text.replace(SECRET_PARAMETER, "$1=[redacted]");
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

/** Lines are written in batches of about 4 KiB, and at least every quarter of a second (docs/performance.md, "Request log"). */
const BATCH_BYTES = 4096;
const BATCH_WAIT_MS = 250;

/**
 * The process's logger, made once from the validated LOG_LEVEL. Lines go to stdout (the service
 * manager's journal) through pino's asynchronous writer, in batches gathered here: written one by
 * one, each line cost a write on libuv's thread pool and cached pages lost about a third of their
 * rate, and even held back by the writer itself each line still cost about 1.9 µs in it; handed
 * over about 4 KiB at a time, 0.4 µs (docs/performance.md, "Stored pages at the machine's limit").
 * A line waits at most a quarter of a second; what is pending is written when the process exits (a
 * SIGKILL loses at most that quarter second).
 */
export function logger(): Logger {
  instance ??= createLogger(config().LOG_LEVEL, inBatches(pino.destination({ dest: 1, sync: true })));
  return instance;
}

/** A stream that gathers lines and writes them to `destination` about BATCH_BYTES at a time (at most BATCH_WAIT_MS later). */
function inBatches(destination: ReturnType<typeof pino.destination>): pino.DestinationStream {
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
    destination.write(text);
  };
  // pino's writer writes what it holds at exit; the lines gathered here go to it first.
  process.once("exit", () => {
    if ((destination as unknown as { destroyed: boolean }).destroyed || lines.length === 0) return;
    handOver();
    destination.flushSync();
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
