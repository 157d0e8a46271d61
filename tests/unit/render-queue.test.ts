// The render queue's turns (server/render-queue.ts), with tasks the test finishes itself. A task
// starts in the event loop's check phase (setImmediate), so the test lets the loop turn before it looks.
import { describe, expect, test } from "vitest";
import { createRenderQueue } from "../../server/render-queue";

/** Lets queued starts (setImmediate) and the promise callbacks after them run. */
async function loopTurns() {
  for (let turn = 0; turn < 3; turn += 1) await new Promise((resolve) => setImmediate(resolve));
}

/** A task that records its start and finishes when the test says so. */
function task(name: string, started: string[]) {
  let finish: (value: string) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const run = () =>
    new Promise<string>((resolve, reject) => {
      started.push(name);
      finish = resolve;
      fail = reject;
    });
  return { run, finish: () => finish(name), fail: (error: Error) => fail(error) };
}

describe("the render queue", () => {
  test("runs at most `slots` tasks at once, the others in arrival order as slots free", async () => {
    const started: string[] = [];
    const queue = createRenderQueue({ slots: 2, maxWaiting: 10 });
    const [a, b, c, d] = ["a", "b", "c", "d"].map((name) => task(name, started));
    const results = [a, b, c, d].map((each) => queue.run(each!.run));
    await loopTurns();
    expect(started).toEqual(["a", "b"]);
    b!.finish();
    await loopTurns();
    expect(started).toEqual(["a", "b", "c"]);
    a!.finish();
    c!.finish();
    await loopTurns();
    d!.finish();
    expect(await Promise.all(results)).toEqual(["a", "b", "c", "d"]);
  });

  test("a task does not start in the turn it is queued: requests already read are answered first", async () => {
    const started: string[] = [];
    const queue = createRenderQueue({ slots: 1, maxWaiting: 0 });
    const only = task("only", started);
    const result = queue.run(only.run);
    expect(started).toEqual([]);
    await loopTurns();
    expect(started).toEqual(["only"]);
    only.finish();
    expect(await result).toBe("only");
  });

  test("refuses a task (null, not run) when every slot is taken and maxWaiting tasks wait; takes one again after a slot frees", async () => {
    const started: string[] = [];
    const queue = createRenderQueue({ slots: 1, maxWaiting: 1 });
    const running = task("running", started);
    const waiting = task("waiting", started);
    const refused = task("refused", started);
    queue.run(running.run);
    queue.run(waiting.run);
    expect(queue.run(refused.run)).toBeNull();
    await loopTurns();
    running.finish();
    await loopTurns();
    expect(started).toEqual(["running", "waiting"]);
    const later = task("later", started);
    expect(queue.run(later.run)).not.toBeNull();
  });

  test("`first` tasks go before the waiting ones and are never refused", async () => {
    const started: string[] = [];
    const queue = createRenderQueue({ slots: 1, maxWaiting: 1 });
    const running = task("running", started);
    const waiting = task("waiting", started);
    const renewal = task("renewal", started);
    queue.run(running.run);
    queue.run(waiting.run);
    const renewed = queue.run(renewal.run, { first: true });
    expect(renewed).not.toBeNull();
    await loopTurns();
    running.finish();
    await loopTurns();
    expect(started).toEqual(["running", "renewal"]);
    renewal.finish();
    await loopTurns();
    expect(started).toEqual(["running", "renewal", "waiting"]);
  });

  test("a failed task hands its failure to its caller and frees its slot", async () => {
    const started: string[] = [];
    const queue = createRenderQueue({ slots: 1, maxWaiting: 1 });
    const failing = task("failing", started);
    const next = task("next", started);
    const failed = queue.run(failing.run);
    queue.run(next.run);
    await loopTurns();
    failing.fail(new Error("render failed"));
    await expect(failed).rejects.toThrow("render failed");
    await loopTurns();
    expect(started).toEqual(["failing", "next"]);
  });
});
